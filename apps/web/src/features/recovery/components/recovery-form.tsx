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
import { useForm } from 'react-hook-form';
import { submitWhenReady } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { PersonFields } from '../../../components/forms/person-fields.tsx';
import { SubmitButton, SummaryForm } from '../../../components/forms/summary-form.tsx';
import { useFieldSummary } from '../../../components/forms/use-field-summary.ts';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { recoveryMessage } from '../not-found.ts';
import styles from './recovery-form.module.css';

/** The fields in the order the error summary lists them. */
const ORDER: (keyof RecoveryValues)[] = [
  'FirstName',
  'LastName',
  'DateOfBirth',
  'MobileNumber',
  'EmailAddress',
  'ClaimNumber',
];

const HINT = {
  text: 'Complete every required field to continue.',
  busy: MESSAGES.processing,
  className: styles.submitHint,
};

const resolver = zodResolver(RecoveryRequest, undefined, { raw: true });

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
  /** The form's name (its fieldset's legend): the card's heading. */
  legend: string;
  submitLabel: string;
  /** Sends the request and moves on; rejects with the request error. */
  onSubmit: (values: RecoveryValues) => Promise<void>;
};

export function RecoveryForm({ name, legend, submitLabel, onSubmit }: RecoveryFormProps) {
  const form = useForm<RecoveryValues, unknown, RecoveryValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const { register, control, handleSubmit, setError } = form;
  const { errors, isValid, isSubmitting } = form.formState;

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
  const {
    summary,
    listProblems,
    send: sendWith,
  } = useFieldSummary(form, Object.fromEntries(ORDER.map((field) => [field, focusIds[field]])));

  const canSubmit = isValid && !isSubmitting;

  const send = handleSubmit((values) =>
    sendWith(() => onSubmit(values), {
      onFormError: (caught) =>
        applyServerErrors(caught, {
          fieldIds: focusIds,
          rewrite: recoveryMessage,
          setError: ({ field, message }) => {
            if (field in ids) setError(field as keyof RecoveryValues, { type: 'server', message });
          },
        }).entries,
    }),
  );

  const onFormSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSubmit }, send, listProblems);

  return (
    <SummaryForm
      name={name}
      legend={legend}
      onSubmit={onFormSubmit}
      submitting={isSubmitting}
      summary={summary}
      classNames={styles}
    >
      <PersonFields {...person} fields={['FirstName', 'LastName', 'DateOfBirth']} />
      <p className={styles.note}>Give us the mobile number or the email address we have for you (at least one).</p>
      <PersonFields {...person} fields={['MobileNumber', 'EmailAddress', 'ClaimNumber']} />
      <SubmitButton
        name={name}
        label={submitLabel}
        state={{ ready: canSubmit, submitting: isSubmitting }}
        hint={HINT}
      />
    </SummaryForm>
  );
}
