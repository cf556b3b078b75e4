/**
 * The Mobile Number and Email Address edit views (spec 000 §5, §6): one form, set up per channel.
 * Either change is saved with the whole contact record and the secure token of its own CodeType
 * (the other channel proved it is the claimant). The field rules are the contracts'
 * UpdateContactDetailsRequest rules: mobile optional, exactly 10 digits; e-mail trimmed, the
 * pattern, at most 254 characters with a local part of at most 64.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateContactDetailsRequest } from '@portal/contracts';
import type { InputHTMLAttributes } from 'react';
import { useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Field, submitWhenReady } from '../../../components/form-field.tsx';
import { contactBody, updateContactDetails } from '../api/update-contact-details.ts';
import { ACCOUNT_DRAFT_FORMS, ACCOUNT_DRAFT_MIRRORS, type ChannelDraft, type EditDraft } from '../drafts.ts';
import { EditForm } from './edit-form.tsx';
import type { EditFormProps } from './form-types.ts';
import { useEditForm } from './use-edit-form.ts';
import styles from './account.module.css';

type ChannelName = 'MobileNumber' | 'EmailAddress';
type ChannelValues = Partial<Record<ChannelName, string>>;

type Channel = {
  name: ChannelName;
  resolver: Resolver<ChannelValues>;
  /** Test ids and the save hint's id: `${key}-form`, `${key}-input`, `account-${key}-save-hint`. */
  key: 'mobile' | 'email';
  /** In the claimant's words: "Change your …", "Enter a valid … to save it." */
  what: string;
  label: string;
  fieldId: string;
  hint?: string;
  required?: boolean;
  /** Whether the typed value differs from the one on record. */
  changed: (typed: string, current: string) => boolean;
  input: InputHTMLAttributes<HTMLInputElement>;
  /** What is kept on this device until the change is saved or cancelled: the typed value. */
  draft: EditDraft<ChannelValues, ChannelDraft>;
};

function resolverOf(name: ChannelName): Resolver<ChannelValues> {
  return zodResolver(z.object({ [name]: UpdateContactDetailsRequest.shape[name] }), undefined, {
    raw: true,
  }) as unknown as Resolver<ChannelValues>;
}

const MOBILE: Channel = {
  name: 'MobileNumber',
  resolver: resolverOf('MobileNumber'),
  key: 'mobile',
  what: 'mobile number',
  label: 'Mobile number',
  fieldId: 'account-mobile-number',
  hint: '10 digits, for example 0412345678. Leave it empty to remove your mobile number.',
  changed: (typed, current) => typed.trim() !== current,
  // A text field: tel-national is not an autofill name of type=tel (HTML's autofill table).
  input: { type: 'text', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 10, className: styles.medium },
  draft: {
    form: ACCOUNT_DRAFT_FORMS.mobile,
    mirror: ACCOUNT_DRAFT_MIRRORS.mobile,
    keep: (values) => ({ MobileNumber: values.MobileNumber ?? '' }),
  },
};

const EMAIL: Channel = {
  name: 'EmailAddress',
  resolver: resolverOf('EmailAddress'),
  key: 'email',
  what: 'email address',
  label: 'Email address',
  fieldId: 'account-email-address',
  required: true,
  changed: (typed, current) => typed.trim().toLowerCase() !== current.toLowerCase(),
  input: { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false },
  draft: {
    form: ACCOUNT_DRAFT_FORMS.email,
    mirror: ACCOUNT_DRAFT_MIRRORS.email,
    keep: (values) => ({ EmailAddress: values.EmailAddress ?? '' }),
  },
};

type ChannelFormProps = EditFormProps & { secureToken: string };

function ChannelForm({
  channel,
  account,
  secureToken,
  autoFocus = false,
  onCancel,
  onDone,
}: ChannelFormProps & { channel: Channel }) {
  const { name, key, what } = channel;
  const current = account.ContactDetails[name];
  const edit = useEditForm({
    resolver: channel.resolver,
    defaultValues: { [name]: current },
    focus: autoFocus && name,
    ids: { [name]: channel.fieldId },
    draft: channel.draft,
    onCancel,
    onDone,
  });
  const { form } = edit;
  const { register, setFocus, control } = form;
  const { errors, isValid, isSubmitting } = form.formState;
  const value = useWatch({ control, name }) ?? '';
  const changed = channel.changed(value, current);
  const canSave = isValid && changed;
  const hint = isValid && !changed ? `Change your ${what} to save it.` : `Enter a valid ${what} to save it.`;

  const send = edit.send(
    (values) =>
      updateContactDetails(contactBody(account.ContactDetails, { [name]: (values[name] ?? '').trim() }), secureToken),
    [name],
  );

  // A valid value that has not changed is no error: the claimant is put back in the field.
  const onSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSave }, send, () =>
    edit.listProblems().then((valid) => valid && setFocus(name)),
  );

  return (
    <EditForm name={key} label={`Change your ${what}`} edit={edit} save={{ canSave, hint, onSubmit }}>
      <Field
        id={channel.fieldId}
        label={channel.label}
        hint={channel.hint}
        error={errors[name]?.message}
        required={channel.required ?? false}
      >
        {(c) => <input {...c} {...register(name)} {...channel.input} data-testid={`${key}-input`} />}
      </Field>
    </EditForm>
  );
}

export function MobileNumberForm(props: ChannelFormProps) {
  return <ChannelForm channel={MOBILE} {...props} />;
}

export function EmailAddressForm(props: ChannelFormProps) {
  return <ChannelForm channel={EMAIL} {...props} />;
}
