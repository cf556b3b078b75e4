/**
 * New password and re-enter (spec 001 "Reset password", §5): the rule box with a tick or warning
 * per rule, and "The Password must match the 'Enter New Password' field". Rules: the contracts'
 * ResetPasswordRequest (its token comes from the forgot-password step, not from a field).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordRequest } from '@portal/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ErrorSummary, fieldEntries, type SummaryEntry } from '../../../components/error-summary.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { submitWhenReady } from '../../../components/form-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { showAlert } from '../../../lib/alerts.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import type { ResetPasswordValues } from '../api/reset-password.ts';
import { recoveryMessage } from '../not-found.ts';
import styles from './recovery-form.module.css';

const IDS = { NewPassword: 'reset-new-password', ReEnterPassword: 'reset-re-enter-password' } as const;

type ResetPasswordFormProps = {
  token: string;
  onSubmit: (values: ResetPasswordValues) => Promise<void>;
  /** The reset token was refused (used, expired or replaced): the claimant must start again. */
  onTokenRefused: () => void;
};

export function ResetPasswordForm({ token, onSubmit, onTokenRefused }: ResetPasswordFormProps) {
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getFieldState,
    getValues,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = useForm<ResetPasswordValues, unknown, ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordRequest, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: { ResetPasswordToken: token, NewPassword: '', ReEnterPassword: '' },
  });
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const newPassword = useWatch({ control, name: 'NewPassword' });
  const canSubmit = isValid && !isSubmitting;

  const listProblems = async () => {
    await trigger();
    const values = getValues();
    setSummary(
      fieldEntries([
        {
          label: 'New password',
          fieldId: IDS.NewPassword,
          empty: values.NewPassword === '',
          message: getFieldState('NewPassword').error?.message,
        },
        {
          label: 'Re-entered password',
          fieldId: IDS.ReEnterPassword,
          empty: values.ReEnterPassword === '',
          message: getFieldState('ReEnterPassword').error?.message,
        },
      ]),
    );
    setFocusKey((k) => k + 1);
  };

  const send = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await onSubmit(values);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      if (caught.forcedLogout) return;
      // spec 001 §8: for reset the not-found message applies only to a 225 answer.
      if (caught.kind !== 'server' || caught.status !== 225) {
        showAlert(caught.entries);
        return;
      }
      const { entries } = applyServerErrors(caught, { fieldIds: IDS, rewrite: recoveryMessage });
      if (caught.items.some((item) => item.Number === 56 || item.Number > 450)) onTokenRefused();
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
      data-testid="reset-password-form"
    >
      <ErrorSummary entries={summary} focusKey={focusKey} data-testid="reset-password-errors" />
      <fieldset className={styles.fieldset} disabled={isSubmitting}>
        <NewPasswordFields
          register={register}
          password={newPassword}
          ids={IDS}
          labels={{ NewPassword: 'Enter New Password', ReEnterPassword: 'Re-enter New Password' }}
          errors={{ NewPassword: errors.NewPassword?.message, ReEnterPassword: errors.ReEnterPassword?.message }}
          rulesInvalid={Boolean(touchedFields.NewPassword && errors.NewPassword)}
          prefix="reset"
        />
        <button
          type="submit"
          className="button button--block"
          aria-disabled={!canSubmit || undefined}
          aria-describedby={!canSubmit && !isSubmitting ? 'reset-submit-hint' : undefined}
          data-testid="reset-submit"
        >
          {isSubmitting ? 'Please wait…' : 'Reset password'}
        </button>
        <p id="reset-submit-hint" className={styles.submitHint}>
          {canSubmit || isSubmitting ? '\u00a0' : 'Enter a new password that follows the rules, twice.'}
        </p>
      </fieldset>
    </form>
  );
}
