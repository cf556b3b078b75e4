/**
 * The name of a passkey, chosen by the claimant (when it is added, and to rename it), checked
 * with the contracts' rule for it (1–60 characters).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { PasskeyRenameRequest, SECURITY_LIMITS } from '@portal/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/form-field.tsx';
import styles from './security.module.css';

const resolver = zodResolver(PasskeyRenameRequest.pick({ Name: true }));

type PasskeyNameFormProps = {
  id: string;
  initial?: string;
  submitLabel: string;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
  /** The server's answer to show as the field's error (a new object each time). */
  error: { text: string } | null;
  label?: string;
};

export function PasskeyNameForm({
  id,
  initial = '',
  submitLabel,
  onSave,
  onCancel,
  error,
  label = 'Name of this passkey',
}: PasskeyNameFormProps) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ Name: string }>({
    resolver,
    defaultValues: { Name: initial },
    mode: 'onSubmit',
  });

  useEffect(() => setFocus('Name'), [setFocus]);
  useEffect(() => {
    if (!error) return;
    setError('Name', { type: 'server', message: error.text });
    setFocus('Name');
  }, [error, setError, setFocus]);

  const message = formState.errors.Name?.message;
  return (
    <form
      noValidate
      className={styles.stack}
      onSubmit={(event) => void handleSubmit(({ Name }) => onSave(Name))(event)}
      data-testid={`${id}-form`}
    >
      <Field
        label={label}
        id={id}
        hint={`So you can tell your passkeys apart, for example "My phone" (at most ${SECURITY_LIMITS.passkeyNameMaxLength} characters)`}
        error={message}
        required
      >
        {(control) => (
          <input
            {...control}
            {...register('Name')}
            type="text"
            autoComplete="off"
            maxLength={SECURITY_LIMITS.passkeyNameMaxLength}
            readOnly={formState.isSubmitting}
            data-testid={`${id}-input`}
          />
        )}
      </Field>
      <div className={styles.row}>
        <button type="submit" className="button" disabled={formState.isSubmitting} data-testid={`${id}-save`}>
          {formState.isSubmitting ? 'Please wait…' : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} data-testid={`${id}-cancel`}>
          Cancel
        </button>
      </div>
    </form>
  );
}
