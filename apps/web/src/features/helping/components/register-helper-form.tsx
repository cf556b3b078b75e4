/**
 * A helper's own account, from the invitation (decision 041): names, a username and a password.
 * The contact is the one the invitation was sent to: the code that finishes the account goes
 * there. Rules: the contracts' RegisterHelperRequest; the server's answer is listed as the form's.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterHelperRequest } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { fieldEntries } from '../../../components/error-summary.tsx';
import { submitWhenReady } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { PersonFields } from '../../../components/forms/person-fields.tsx';
import { SubmitButton, SummaryForm } from '../../../components/forms/summary-form.tsx';
import { useErrorSummary } from '../../../components/forms/use-error-summary.ts';
import { UsernameField } from '../../../components/forms/username-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import type { RegisterHelperValues } from '../api/register-helper.ts';
import styles from './register-helper-form.module.css';

const IDS = {
  Invitation: 'helper-register-invitation',
  FirstName: 'helper-register-first-name',
  LastName: 'helper-register-last-name',
  Username: 'helper-register-username',
  NewPassword: 'helper-register-new-password',
  ReEnterPassword: 'helper-register-re-enter-password',
} as const satisfies Record<keyof RegisterHelperValues, string>;

const LABELS = { NewPassword: 'New password', ReEnterPassword: 'Re-enter password' };
const ORDER = ['FirstName', 'LastName', 'Username', 'NewPassword', 'ReEnterPassword'] as const;

type RegisterHelperFormProps = {
  token: string;
  /** Sends the registration; resolves when the page has moved on, rejects with the request error. */
  onSubmit: (values: RegisterHelperValues) => Promise<void>;
};

export function RegisterHelperForm({ token, onSubmit }: RegisterHelperFormProps) {
  const form = useForm<RegisterHelperValues, unknown, RegisterHelperValues>({
    resolver: zodResolver(RegisterHelperRequest, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: {
      Invitation: token,
      FirstName: '',
      LastName: '',
      Username: '',
      NewPassword: '',
      ReEnterPassword: '',
    },
  });
  const { register, control, handleSubmit, trigger, getFieldState } = form;
  const { errors, isValid, isSubmitting, touchedFields } = form.formState;
  const { summary, show, send: sendWith } = useErrorSummary();
  const canSubmit = isValid && !isSubmitting;

  const listProblems = async () => {
    await trigger();
    show(fieldEntries(ORDER.map((name) => ({ fieldId: IDS[name], message: getFieldState(name).error?.message }))));
  };
  const send = handleSubmit((values) =>
    sendWith(() => onSubmit(values), {
      onFormError: (caught) => applyServerErrors(caught, { fieldIds: IDS }).entries,
    }),
  );
  const onFormSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSubmit }, send, listProblems);
  const person = { register, control, errors, ids: IDS, testIdPrefix: 'helper-register' };

  return (
    <SummaryForm
      name="helper-register"
      legend="Create your account"
      onSubmit={onFormSubmit}
      submitting={isSubmitting}
      summary={summary}
      classNames={styles}
    >
      <PersonFields {...person} fields={['FirstName', 'LastName']} />
      <UsernameField
        register={register}
        id={IDS.Username}
        error={errors.Username?.message}
        testId="helper-register-username"
      />
      <NewPasswordFields
        form={{ register, control, errors, touchedFields }}
        ids={IDS}
        labels={LABELS}
        prefix="helper-register"
      />
      <SubmitButton
        name="helper-register"
        label="Create account"
        busyLabel="Creating your account…"
        state={{ ready: canSubmit, submitting: isSubmitting }}
        hint={{ text: 'Complete every field to create your account.', busy: '\u00a0', className: styles.submitHint }}
      />
    </SummaryForm>
  );
}
