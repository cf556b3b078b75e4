/**
 * New password and re-enter (spec 001 "Reset password", §5): the rule box with a tick or warning
 * per rule, and "The Password must match the 'Enter New Password' field". Rules: the contracts'
 * ResetPasswordRequest (its token comes from the forgot-password step, not from a field).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordRequest } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { fieldEntries } from '../../../components/error-summary.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { SubmitButton, SummaryForm } from '../../../components/forms/summary-form.tsx';
import { useErrorSummary } from '../../../components/forms/use-error-summary.ts';
import { submitWhenReady } from '../../../components/form-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import type { ResetPasswordValues } from '../api/reset-password.ts';
import { recoveryMessage } from '../not-found.ts';
import styles from './recovery-form.module.css';

const IDS = { NewPassword: 'reset-new-password', ReEnterPassword: 'reset-re-enter-password' } as const;

const LABELS = { NewPassword: 'Enter New Password', ReEnterPassword: 'Re-enter New Password' };
const HINT = {
  text: 'Enter a new password that follows the rules, twice.',
  busy: '\u00a0',
  className: styles.submitHint,
};

type ResetPasswordFormProps = {
  token: string;
  onSubmit: (values: ResetPasswordValues) => Promise<void>;
  /** The reset token was refused (used, expired or replaced): the claimant must start again. */
  onTokenRefused: () => void;
};

export function ResetPasswordForm({ token, onSubmit, onTokenRefused }: ResetPasswordFormProps) {
  const form = useForm<ResetPasswordValues, unknown, ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordRequest, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: { ResetPasswordToken: token, NewPassword: '', ReEnterPassword: '' },
  });
  const { register, control, handleSubmit, trigger, getFieldState } = form;
  const { errors, isValid, isSubmitting, touchedFields } = form.formState;
  const { summary, show, send: sendWith } = useErrorSummary();
  const canSubmit = isValid && !isSubmitting;

  const listProblems = async () => {
    await trigger();
    show(
      fieldEntries([
        { fieldId: IDS.NewPassword, message: getFieldState('NewPassword').error?.message },
        { fieldId: IDS.ReEnterPassword, message: getFieldState('ReEnterPassword').error?.message },
      ]),
    );
  };

  const send = handleSubmit((values) =>
    sendWith(() => onSubmit(values), {
      // spec 001 §8: for reset the not-found message applies only to a 225 answer.
      aboutForm: (caught) => caught.kind === 'server' && caught.status === 225,
      onFormError: (caught) => {
        const { entries } = applyServerErrors(caught, { fieldIds: IDS, rewrite: recoveryMessage });
        if (caught.items.some((item) => item.Number === 56 || item.Number > 450)) onTokenRefused();
        return entries;
      },
    }),
  );

  const onFormSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSubmit }, send, listProblems);

  return (
    <SummaryForm
      name="reset-password"
      legend="Reset password"
      onSubmit={onFormSubmit}
      submitting={isSubmitting}
      summary={summary}
      classNames={styles}
    >
      <NewPasswordFields form={{ register, control, errors, touchedFields }} ids={IDS} labels={LABELS} prefix="reset" />
      <SubmitButton
        name="reset"
        label="Reset password"
        state={{ ready: canSubmit, submitting: isSubmitting }}
        hint={HINT}
      />
    </SummaryForm>
  );
}
