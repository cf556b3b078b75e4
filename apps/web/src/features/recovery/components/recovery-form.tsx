/**
 * The forgot-username and forgot-password form (spec 001 "Forgot username", "Forgot password":
 * the same fields): first name, last name, date of birth, mobile number, e-mail address and the
 * claim number in two parts; at least one of mobile or e-mail. Rules: the contracts'
 * RecoveryRequest; the values are sent as typed and re-checked by the server.
 *
 * Like registration, the submit button is aria-disabled while the form is invalid; pressing it
 * lists the fields that are required or invalid. A 56 (or > 450) answer is listed under
 * 'There are n errors in this form'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, RecoveryRequest } from '@portal/contracts';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  ErrorSummary,
  fieldEntries,
  type FieldProblem,
  type SummaryEntry,
} from '../../../components/error-summary.tsx';
import { submitWhenReady } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { PersonFields } from '../../../components/forms/person-fields.tsx';
import { showAlert } from '../../../lib/alerts.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { recoveryMessage } from '../not-found.ts';
import styles from './recovery-form.module.css';

const LABELS: Record<keyof RecoveryValues, string> = {
  FirstName: 'First name',
  LastName: 'Last name',
  DateOfBirth: 'Date of birth',
  MobileNumber: 'Mobile number',
  EmailAddress: 'Email address',
  ClaimNumber: 'Claim number',
};

const ORDER = Object.keys(LABELS) as (keyof RecoveryValues)[];

const DEFAULTS: RecoveryValues = {
  FirstName: '',
  LastName: '',
  DateOfBirth: '',
  MobileNumber: '',
  EmailAddress: '',
  ClaimNumber: '',
};

type RecoveryFormProps = {
  /** Prefix of ids and test ids: 'forgot-username' or 'forgot-password'. */
  name: string;
  submitLabel: string;
  /** Sends the request and moves on; rejects with the request error. */
  onSubmit: (values: RecoveryValues) => Promise<void>;
};

export function RecoveryForm({ name, submitLabel, onSubmit }: RecoveryFormProps) {
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getFieldState,
    getValues,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<RecoveryValues, unknown, RecoveryValues>({
    resolver: zodResolver(RecoveryRequest, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);

  const ids: Record<keyof RecoveryValues, string> = {
    FirstName: `${name}-first-name`,
    LastName: `${name}-last-name`,
    DateOfBirth: `${name}-date-of-birth`,
    MobileNumber: `${name}-mobile`,
    EmailAddress: `${name}-email`,
    ClaimNumber: `${name}-claim-number`,
  };
  // The claim number's first part carries the group's focus.
  const focusIds = { ...ids, ClaimNumber: `${ids.ClaimNumber}-first` };
  const person = { register, control, errors, ids, testIdPrefix: name };

  const canSubmit = isValid && !isSubmitting;

  const listProblems = async () => {
    await trigger();
    const values = getValues();
    const problems: FieldProblem[] = ORDER.map((field) => {
      const message = getFieldState(field as FieldPath<RecoveryValues>).error?.message;
      const value = values[field] ?? '';
      const oneOf = message === MESSAGES.mobileOrEmailRequired;
      return {
        label: oneOf ? 'Mobile number or email address' : LABELS[field],
        fieldId: focusIds[field],
        empty: value.trim() === '',
        message,
      };
    });
    setSummary(fieldEntries(problems));
    setFocusKey((k) => k + 1);
  };

  const send = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await onSubmit(values);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      if (caught.forcedLogout) return;
      if (caught.kind !== 'server') {
        showAlert(caught.entries);
        return;
      }
      const { entries } = applyServerErrors(caught, {
        fieldIds: focusIds,
        rewrite: recoveryMessage,
        setError: ({ field, message }) => {
          if (field in ids) setError(field as keyof RecoveryValues, { type: 'server', message });
        },
      });
      setSummary(entries);
      setFocusKey((k) => k + 1);
    }
  });

  const onFormSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSubmit }, send, listProblems);

  return (
    <form
      noValidate
      onSubmit={onFormSubmit}
      aria-busy={isSubmitting || undefined}
      className={styles.form}
      data-testid={`${name}-form`}
    >
      <ErrorSummary entries={summary} focusKey={focusKey} data-testid={`${name}-errors`} />
      <fieldset className={styles.fieldset} disabled={isSubmitting}>
        <PersonFields {...person} fields={['FirstName', 'LastName', 'DateOfBirth']} />
        <p className={styles.note}>Give us the mobile number or the email address we have for you (at least one).</p>
        <PersonFields {...person} fields={['MobileNumber', 'EmailAddress', 'ClaimNumber']} />
        <button
          type="submit"
          className="button button--block"
          aria-disabled={!canSubmit || undefined}
          aria-describedby={!canSubmit && !isSubmitting ? `${name}-submit-hint` : undefined}
          data-testid={`${name}-submit`}
        >
          {isSubmitting ? 'Please wait…' : submitLabel}
        </button>
        <p id={`${name}-submit-hint`} className={styles.submitHint}>
          {isSubmitting ? MESSAGES.processing : canSubmit ? '\u00a0' : 'Complete every required field to continue.'}
        </p>
      </fieldset>
    </form>
  );
}
