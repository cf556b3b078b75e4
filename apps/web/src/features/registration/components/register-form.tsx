/**
 * The registration form (spec 001 §2 "Registration", §4, §5). Rules come from the contracts'
 * RegisterRequest schema; the values are sent as typed (raw) and the server re-checks them.
 *
 * Register is enabled only when (spec 001 §4) the form is valid, a home address is chosen, a
 * postal address is chosen or "same as home" is ticked, the terms box is ticked, and no request
 * is in flight. Otherwise the button is aria-disabled rather than disabled: it stays in the tab
 * order, and pressing it lists each field that is required or invalid, with the help line, in an
 * alert at the top of the form (spec 001 §4 "On submit with problems…").
 */
import { MESSAGES } from '@portal/contracts';
import { lazy, Suspense, useEffect, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields.tsx';
import type { PickedAddressValue } from '../../../components/address-picker.tsx';
import { fieldEntries, type FieldProblem } from '../../../components/error-summary.tsx';
import { Field, submitWhenReady } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { SubmitButton, SummaryForm } from '../../../components/forms/summary-form.tsx';
import { useErrorSummary } from '../../../components/forms/use-error-summary.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { isAppMode } from '../../../lib/platform/app-mode.ts';
import {
  DEFAULTS,
  EMPTY_ADDRESS,
  FOCUS_IDS,
  LABELS,
  REGISTER_FIELD_IDS,
  TERMS_ID,
  chosen,
  orEmpty,
  resolver,
  type Values,
} from './register-form-fields.ts';
import { RegisterDetailsFields } from './register-details-fields.tsx';
import { RegisterTerms } from './register-terms.tsx';
import styles from './register-form.module.css';

const SUBMIT_HINT = 'Complete every required field, choose your addresses and agree to the terms to register.';

const TermsDialog = lazy(() => import('../../../components/terms-dialog.tsx'));

type RegisterFormProps = {
  /** Sends the registration; resolves when the page has moved on, rejects with the request error. */
  onSubmit: (values: Values) => Promise<void>;
};

export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const form = useForm<Values, unknown, Values>({ resolver, mode: 'onTouched', defaultValues: DEFAULTS });
  const { register, control, handleSubmit, setValue, setError, trigger, getFieldState, getValues } = form;
  const { errors, isValid, isSubmitting, touchedFields } = form.formState;
  const [sameAsHome, setSameAsHome] = useState(false);
  const [terms, setTerms] = useState(false);
  const [termsTouched, setTermsTouched] = useState(false);
  const { summary, show, send: sendWith } = useErrorSummary();
  const [termsOpen, setTermsOpen] = useState(false);
  const appMode = isAppMode();

  const [home, postal] = useWatch({ control, name: ['HomeAddress', 'PostalAddress'] });
  const homeChosen = chosen(home) !== null;
  const postalChosen = chosen(postal) !== null;

  // spec 001 §4: ticking "same as" uses the home address as the postal address (and follows it).
  useEffect(() => {
    if (!sameAsHome) return;
    const current = getValues('PostalAddress');
    if (current.PartialAddress !== home.PartialAddress || current.Moniker !== home.Moniker) {
      setValue('PostalAddress', home.PartialAddress ? { ...home } : EMPTY_ADDRESS, { shouldValidate: true });
    }
  }, [sameAsHome, home, getValues, setValue]);

  const onSameAsHome = (event: ChangeEvent<HTMLInputElement>) => {
    const ticked = event.target.checked;
    setSameAsHome(ticked);
    // spec 000 §4: unticking clears the postal address.
    if (!ticked) setValue('PostalAddress', EMPTY_ADDRESS, { shouldValidate: false });
  };

  const passwordForm = { register, control, errors, touchedFields };
  const canSubmit = isValid && homeChosen && (postalChosen || sameAsHome) && terms && !isSubmitting;

  const listProblems = async () => {
    await trigger();
    setTermsTouched(true);
    const values = getValues();
    const problems: FieldProblem[] = (Object.keys(REGISTER_FIELD_IDS) as (keyof Values)[]).map((name) => {
      const value = values[name];
      const text = typeof value === 'string' ? value : (value?.PartialAddress ?? '');
      let message = getFieldState(name as FieldPath<Values>).error?.message;
      if (name === 'PostalAddress' && sameAsHome) message = undefined;
      if (name === 'PostalAddress' && message && !text) message = MESSAGES.postalAddressRequired;
      return { fieldId: FOCUS_IDS[name], message };
    });
    // The summary says what each field says: the terms box's own message too.
    const entries = fieldEntries(problems);
    if (!terms) entries.push({ fieldId: TERMS_ID, message: MESSAGES.termsRequired });
    show(entries);
  };

  const send = handleSubmit((values) =>
    sendWith(() => onSubmit({ ...values, PostalAddress: sameAsHome ? values.HomeAddress : values.PostalAddress }), {
      onFormError: (caught) =>
        applyServerErrors(caught, {
          fieldIds: FOCUS_IDS,
          setError: ({ field, message }) => setError(field as keyof Values, { type: 'server', message }),
        }).entries,
    }),
  );

  const onFormSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSubmit }, send, listProblems);

  const addressError = (name: 'HomeAddress' | 'PostalAddress') => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    if (name === 'PostalAddress' && !postalChosen) return MESSAGES.postalAddressRequired;
    return message;
  };
  const address = (name: 'HomeAddress' | 'PostalAddress') => ({
    name,
    id: REGISTER_FIELD_IDS[name],
    error: addressError(name),
    fromPick: orEmpty,
  });

  return (
    <SummaryForm
      name="register"
      onSubmit={onFormSubmit}
      legend="Create your account"
      submitting={isSubmitting}
      summary={summary}
      classNames={styles}
      after={
        appMode && termsOpen ? (
          <Suspense fallback={null}>
            <TermsDialog isOpen onClose={() => setTermsOpen(false)} />
          </Suspense>
        ) : null
      }
    >
      <RegisterDetailsFields register={register} control={control} errors={errors} />

      <h3 className={styles.section}>Choose a password</h3>
      <NewPasswordFields form={passwordForm} ids={REGISTER_FIELD_IDS} labels={LABELS} prefix="register" />

      <h3 className={styles.section}>Your address</h3>
      <Field label="Country" hint="Only addresses in Australia can be used.">
        {(c) => <input {...c} type="text" value="Australia" readOnly data-testid="register-country" />}
      </Field>
      <AddressFields<Values, PickedAddressValue>
        control={control}
        trigger={trigger}
        toPick={chosen}
        home={address('HomeAddress')}
        postal={address('PostalAddress')}
        sameAsHome={{ id: 'register-same-as-home', checked: sameAsHome, onChange: onSameAsHome }}
        testId="register"
      />

      <RegisterTerms
        appMode={appMode}
        onOpenTerms={() => setTermsOpen(true)}
        checked={terms}
        onChange={setTerms}
        touched={termsTouched}
        onTouched={() => setTermsTouched(true)}
      />

      <SubmitButton
        name="register"
        label="Register"
        busyLabel="Registering…"
        state={{ ready: canSubmit, submitting: isSubmitting }}
        hint={{ text: SUBMIT_HINT, busy: MESSAGES.processing, className: styles.submitHint }}
      />
    </SummaryForm>
  );
}
