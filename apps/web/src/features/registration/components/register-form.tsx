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
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, RegisterRequest, stripSpaces } from '@portal/contracts';
import { lazy, Suspense, useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch, type FieldError, type FieldPath } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields.tsx';
import type { PickedAddressValue } from '../../../components/address-picker.tsx';
import { ClaimNumberInput } from '../../../components/claim-number-input.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import {
  ErrorSummary,
  fieldEntries,
  type FieldProblem,
  type SummaryEntry,
} from '../../../components/error-summary.tsx';
import { CheckboxField, Field, submitWhenReady } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { isAppMode } from '../../../lib/app-mode.ts';
import { showAlert } from '../../../lib/alerts.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import type { RegisterValues } from '../api/register.ts';
import styles from './register-form.module.css';

const TermsDialog = lazy(() => import('../../../components/terms-dialog.tsx'));

type Values = RegisterValues;

/** Ids of the fields (the alert's entries link to them; server errors name them). */
export const REGISTER_FIELD_IDS = {
  Username: 'register-username',
  DateOfBirth: 'register-date-of-birth',
  FirstName: 'register-first-name',
  MiddleName: 'register-middle-name',
  LastName: 'register-last-name',
  TACNumber: 'register-claim-number',
  EmailAddress: 'register-email',
  MobileNumber: 'register-mobile',
  NewPassword: 'register-new-password',
  ReEnterPassword: 'register-re-enter-password',
  HomeAddress: 'register-home-address',
  PostalAddress: 'register-postal-address',
} as const satisfies Record<keyof Values, string>;

const TERMS_ID = 'register-terms';

/** Where an entry about a field takes focus (the claim number: its first part). */
const FOCUS_IDS: Record<keyof Values, string> = {
  ...REGISTER_FIELD_IDS,
  TACNumber: `${REGISTER_FIELD_IDS.TACNumber}-first`,
};

const LABELS: Record<keyof Values, string> = {
  Username: 'Username',
  DateOfBirth: 'Date of birth',
  FirstName: 'First name',
  MiddleName: 'Middle name',
  LastName: 'Last name',
  TACNumber: 'Claim number',
  EmailAddress: 'Email address',
  MobileNumber: 'Mobile number',
  NewPassword: 'New password',
  ReEnterPassword: 'Re-enter password',
  HomeAddress: 'Home address',
  PostalAddress: 'Postal address',
};

const EMPTY_ADDRESS = { PartialAddress: '' };

const DEFAULTS: Values = {
  Username: '',
  DateOfBirth: '',
  FirstName: '',
  MiddleName: '',
  LastName: '',
  TACNumber: '',
  EmailAddress: '',
  MobileNumber: '',
  NewPassword: '',
  ReEnterPassword: '',
  HomeAddress: EMPTY_ADDRESS,
  PostalAddress: EMPTY_ADDRESS,
};

function chosen(address: PickedAddressValue | undefined): PickedAddressValue | null {
  return address && address.PartialAddress ? address : null;
}

const orEmpty = (pick: PickedAddressValue | null): PickedAddressValue => pick ?? EMPTY_ADDRESS;

const contractResolver = zodResolver(RegisterRequest, undefined, { raw: true });

/**
 * The contracts report a missing address at its PartialAddress. react-hook-form, checking a field
 * as it is left or changed, looks for the error at the field's own name and drops one nested under
 * it, so leaving an empty picker took its "required" message away. Each address's error is put at
 * the address itself.
 */
const resolver: typeof contractResolver = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  for (const name of ['HomeAddress', 'PostalAddress'] as const) {
    const error = result.errors[name];
    if (error && !error.message && error.PartialAddress) result.errors[name] = error.PartialAddress as FieldError;
  }
  return result;
};

type RegisterFormProps = {
  /** Sends the registration; resolves when the page has moved on, rejects with the request error. */
  onSubmit: (values: Values) => Promise<void>;
};

export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    trigger,
    getFieldState,
    getValues,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = useForm<Values, unknown, Values>({
    resolver,
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const [sameAsHome, setSameAsHome] = useState(false);
  const [terms, setTerms] = useState(false);
  const [termsTouched, setTermsTouched] = useState(false);
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [termsOpen, setTermsOpen] = useState(false);
  const appMode = isAppMode();

  const [home, postal, newPassword] = useWatch({ control, name: ['HomeAddress', 'PostalAddress', 'NewPassword'] });
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

  const canSubmit = isValid && homeChosen && (postalChosen || sameAsHome) && terms && !isSubmitting;

  const listProblems = async () => {
    await trigger();
    setTermsTouched(true);
    const values = getValues();
    const problems: FieldProblem[] = (Object.keys(REGISTER_FIELD_IDS) as (keyof Values)[]).map((name) => {
      const value = values[name];
      const text = typeof value === 'string' ? value : (value?.PartialAddress ?? '');
      let message = getFieldState(name as FieldPath<Values>).error?.message;
      let label = LABELS[name];
      if (message === MESSAGES.mobileOrEmailRequired) {
        label = 'Mobile number or email address';
      }
      if (name === 'PostalAddress' && sameAsHome) message = undefined;
      if (name === 'PostalAddress' && message && !text) message = MESSAGES.postalAddressRequired;
      return { label, fieldId: FOCUS_IDS[name], empty: text.trim() === '', message };
    });
    const entries = fieldEntries(problems);
    if (!terms) entries.push({ fieldId: TERMS_ID, message: 'Agreeing to the terms and conditions is required.' });
    setSummary(entries);
    setFocusKey((k) => k + 1);
  };

  const send = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await onSubmit({ ...values, PostalAddress: sameAsHome ? values.HomeAddress : values.PostalAddress });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      if (caught.forcedLogout) return;
      if (caught.kind !== 'server') {
        // Not an answer about the form (offline, time-out): the app's alert (spec 000 §8).
        showAlert(caught.entries);
        return;
      }
      const { entries } = applyServerErrors(caught, {
        fieldIds: FOCUS_IDS,
        setError: ({ field, message }) => setError(field as keyof Values, { type: 'server', message }),
      });
      setSummary(entries);
      setFocusKey((k) => k + 1);
    }
  });

  const onFormSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSubmit }, send, listProblems);

  const username = register('Username');
  const onUsernameChange = (event: ChangeEvent<HTMLInputElement>) => {
    const stripped = stripSpaces(event.target.value);
    if (stripped !== event.target.value) event.target.value = stripped;
    return username.onChange(event);
  };
  const blockSpace = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ') event.preventDefault();
  };

  const addressError = (name: 'HomeAddress' | 'PostalAddress') => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    if (name === 'PostalAddress' && !postalChosen) return MESSAGES.postalAddressRequired;
    return message;
  };

  return (
    <form
      noValidate
      onSubmit={onFormSubmit}
      aria-labelledby="register-heading"
      aria-busy={isSubmitting || undefined}
      className={styles.form}
      data-testid="register-form"
    >
      <ErrorSummary entries={summary} focusKey={focusKey} data-testid="register-errors" />
      <fieldset className={styles.fieldset} disabled={isSubmitting}>
        <h3 className={styles.section}>Your details</h3>
        <Field
          id={REGISTER_FIELD_IDS.Username}
          label="Username"
          hint="Your email address. You will use it to sign in."
          error={errors.Username?.message}
          required
        >
          {(c) => (
            <input
              {...c}
              {...username}
              onChange={onUsernameChange}
              onKeyDown={blockSpace}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              data-testid="register-username"
            />
          )}
        </Field>
        <Field
          id={REGISTER_FIELD_IDS.DateOfBirth}
          label="Date of birth"
          hint="dd/mm/yyyy, for example 27/03/1985"
          error={errors.DateOfBirth?.message}
          required
        >
          {(c) => (
            <DateInput {...c} {...register('DateOfBirth')} autoComplete="bday" data-testid="register-date-of-birth" />
          )}
        </Field>
        <Field id={REGISTER_FIELD_IDS.FirstName} label="First name" error={errors.FirstName?.message} required>
          {(c) => (
            <input
              {...c}
              {...register('FirstName')}
              type="text"
              autoComplete="given-name"
              data-testid="register-first-name"
            />
          )}
        </Field>
        <Field id={REGISTER_FIELD_IDS.MiddleName} label="Middle name (optional)" error={errors.MiddleName?.message}>
          {(c) => (
            <input
              {...c}
              {...register('MiddleName')}
              type="text"
              autoComplete="additional-name"
              data-testid="register-middle-name"
            />
          )}
        </Field>
        <Field id={REGISTER_FIELD_IDS.LastName} label="Last name" error={errors.LastName?.message} required>
          {(c) => (
            <input
              {...c}
              {...register('LastName')}
              type="text"
              autoComplete="family-name"
              data-testid="register-last-name"
            />
          )}
        </Field>
        <Controller
          control={control}
          name="TACNumber"
          render={({ field, fieldState }) => (
            <ClaimNumberInput
              id={REGISTER_FIELD_IDS.TACNumber}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              testId="register-claim-number"
            />
          )}
        />

        <h3 className={styles.section}>Contact details</h3>
        <p className={styles.note}>Give us at least one of your email address or mobile number.</p>
        <Field id={REGISTER_FIELD_IDS.EmailAddress} label="Email address" error={errors.EmailAddress?.message}>
          {(c) => (
            <input
              {...c}
              {...register('EmailAddress', { deps: ['MobileNumber'] })}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              data-testid="register-email"
            />
          )}
        </Field>
        <Field
          id={REGISTER_FIELD_IDS.MobileNumber}
          label="Mobile number"
          hint="10 digits, for example 0412345678"
          error={errors.MobileNumber?.message}
        >
          {(c) => (
            <input
              {...c}
              {...register('MobileNumber', { deps: ['EmailAddress'] })}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              data-testid="register-mobile"
            />
          )}
        </Field>

        <h3 className={styles.section}>Choose a password</h3>
        <NewPasswordFields
          register={register}
          password={newPassword}
          ids={REGISTER_FIELD_IDS}
          labels={{ NewPassword: 'New password', ReEnterPassword: 'Re-enter password' }}
          errors={{ NewPassword: errors.NewPassword?.message, ReEnterPassword: errors.ReEnterPassword?.message }}
          rulesInvalid={Boolean(touchedFields.NewPassword && errors.NewPassword)}
          prefix="register"
        />

        <h3 className={styles.section}>Your address</h3>
        <Field label="Country" hint="Only addresses in Australia can be used.">
          {(c) => <input {...c} type="text" value="Australia" readOnly data-testid="register-country" />}
        </Field>
        <AddressFields<Values, PickedAddressValue>
          control={control}
          trigger={trigger}
          toPick={chosen}
          home={{
            name: 'HomeAddress',
            id: REGISTER_FIELD_IDS.HomeAddress,
            error: addressError('HomeAddress'),
            fromPick: orEmpty,
          }}
          postal={{
            name: 'PostalAddress',
            id: REGISTER_FIELD_IDS.PostalAddress,
            error: addressError('PostalAddress'),
            fromPick: orEmpty,
          }}
          sameAsHome={{ id: 'register-same-as-home', checked: sameAsHome, onChange: onSameAsHome }}
          testId="register"
        />

        <h3 className={styles.section}>Terms and conditions</h3>
        <p>
          {appMode ? (
            <button
              type="button"
              className="link-button"
              onClick={() => setTermsOpen(true)}
              data-testid="register-terms-link"
            >
              Read the terms and conditions
            </button>
          ) : (
            <a href="/disclaimer" target="_blank" rel="noopener" data-testid="register-terms-link">
              Read the terms and conditions
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </p>
        {/* The privacy policy with "Back to registration" (spec 001 Legal pages, r=1), in a new tab
            like the terms: this form keeps what was typed only while it is on screen (passwords
            included, which are never stored), so leaving the tab would lose it. The app wrapper has
            no tabs and no privacy overlay yet (decision 011). */}
        {appMode ? null : (
          <p>
            <a href="/privacypolicy?r=1" target="_blank" rel="noopener" data-testid="register-privacy-link">
              Read our privacy policy
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <CheckboxField
          id={TERMS_ID}
          label="I have read and agree to the terms and conditions"
          error={termsTouched && !terms ? MESSAGES.termsRequired : undefined}
        >
          {(c) => (
            <input
              {...c}
              type="checkbox"
              checked={terms}
              onChange={(event) => setTerms(event.target.checked)}
              onBlur={() => setTermsTouched(true)}
              aria-required
              data-testid="register-terms"
            />
          )}
        </CheckboxField>

        <button
          type="submit"
          className="button button--block"
          aria-disabled={!canSubmit || undefined}
          aria-describedby={!canSubmit && !isSubmitting ? 'register-submit-hint' : undefined}
          data-testid="register-submit"
        >
          {isSubmitting ? 'Registering…' : 'Register'}
        </button>
        <p id="register-submit-hint" className={styles.submitHint}>
          {isSubmitting
            ? 'Please wait. We are processing your request.'
            : canSubmit
              ? '\u00a0'
              : 'Complete every required field, choose your addresses and agree to the terms to register.'}
        </p>
      </fieldset>
      {appMode && termsOpen ? (
        <Suspense fallback={null}>
          <TermsDialog isOpen onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </form>
  );
}
