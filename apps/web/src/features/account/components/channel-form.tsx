/**
 * The Mobile Number and Email Address edit views (spec 000 §5, §6). Either change is saved with
 * the whole contact record and the secure token of its own CodeType (the other channel proved it
 * is the claimant). The field rules are the contracts' UpdateContactDetailsRequest rules: mobile
 * optional, exactly 10 digits; e-mail trimmed, the pattern, at most 254 characters with a local
 * part of at most 64.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateContactDetailsRequest } from '@portal/contracts';
import { useEffect, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Field, Form } from '../../../components/form-field.tsx';
import { contactBody, updateContactDetails } from '../api/update-contact-details.ts';
import { handleSaveError } from '../save-error.ts';
import { FormActions } from './account-block.tsx';
import type { EditFormProps } from './form-types.ts';
import styles from './account.module.css';

const MobileForm = z.object({ MobileNumber: UpdateContactDetailsRequest.shape.MobileNumber });
const EmailForm = z.object({ EmailAddress: UpdateContactDetailsRequest.shape.EmailAddress });

type ChannelFormProps = EditFormProps & { secureToken: string };

export function MobileNumberForm({ account, secureToken, autoFocus = false, onCancel, onDone }: ChannelFormProps) {
  const current = account.ContactDetails.MobileNumber;
  const {
    register,
    handleSubmit,
    trigger,
    setFocus,
    setError,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<{ MobileNumber: string }>({ resolver: zodResolver(MobileForm, undefined, { raw: true }), mode: 'onTouched', defaultValues: { MobileNumber: current } });
  const value = useWatch({ control, name: 'MobileNumber' });
  const changed = value.trim() !== current;
  const canSave = isValid && changed;

  useEffect(() => {
    if (autoFocus) setFocus('MobileNumber');
  }, [autoFocus, setFocus]);

  const send = handleSubmit(async (values) => {
    try {
      await updateContactDetails(contactBody(account.ContactDetails, { MobileNumber: values.MobileNumber.trim() }), secureToken);
    } catch (error) {
      const outcome = handleSaveError(error, ['MobileNumber'], (_field, message) => setError('MobileNumber', { type: 'server', message }));
      if (outcome === 'failed') await onDone('error');
      return;
    }
    await onDone('success');
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (!canSave) {
      void trigger().then(() => setFocus('MobileNumber'));
      return;
    }
    void send(event);
  };

  return (
    <Form submitting={isSubmitting} onSubmit={onSubmit} className={styles.form} aria-label="Change your mobile number" data-testid="mobile-form">
      <Field id="account-mobile-number" label="Mobile number" hint="10 digits, for example 0412345678. Leave it empty to remove your mobile number." error={errors.MobileNumber?.message}>
        {(c) => (
          <input
            {...c}
            {...register('MobileNumber')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            className={styles.medium}
            data-testid="mobile-input"
          />
        )}
      </Field>
      <FormActions
        canSave={canSave}
        saving={isSubmitting}
        hint={isValid && !changed ? 'Change your mobile number to save it.' : 'Enter a valid mobile number to save it.'}
        hintId="account-mobile-save-hint"
        onCancel={onCancel}
        testId="mobile"
      />
    </Form>
  );
}

export function EmailAddressForm({ account, secureToken, autoFocus = false, onCancel, onDone }: ChannelFormProps) {
  const current = account.ContactDetails.EmailAddress;
  const {
    register,
    handleSubmit,
    trigger,
    setFocus,
    setError,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<{ EmailAddress: string }>({ resolver: zodResolver(EmailForm, undefined, { raw: true }), mode: 'onTouched', defaultValues: { EmailAddress: current } });
  const value = useWatch({ control, name: 'EmailAddress' });
  const changed = value.trim().toLowerCase() !== current.toLowerCase();
  const canSave = isValid && changed;

  useEffect(() => {
    if (autoFocus) setFocus('EmailAddress');
  }, [autoFocus, setFocus]);

  const send = handleSubmit(async (values) => {
    try {
      await updateContactDetails(contactBody(account.ContactDetails, { EmailAddress: values.EmailAddress.trim() }), secureToken);
    } catch (error) {
      const outcome = handleSaveError(error, ['EmailAddress'], (_field, message) => setError('EmailAddress', { type: 'server', message }));
      if (outcome === 'failed') await onDone('error');
      return;
    }
    await onDone('success');
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (!canSave) {
      void trigger().then(() => setFocus('EmailAddress'));
      return;
    }
    void send(event);
  };

  return (
    <Form submitting={isSubmitting} onSubmit={onSubmit} className={styles.form} aria-label="Change your email address" data-testid="email-form">
      <Field id="account-email-address" label="Email address" error={errors.EmailAddress?.message} required>
        {(c) => (
          <input
            {...c}
            {...register('EmailAddress')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            data-testid="email-input"
          />
        )}
      </Field>
      <FormActions
        canSave={canSave}
        saving={isSubmitting}
        hint={isValid && !changed ? 'Change your email address to save it.' : 'Enter a valid email address to save it.'}
        hintId="account-email-save-hint"
        onCancel={onCancel}
        testId="email"
      />
    </Form>
  );
}
