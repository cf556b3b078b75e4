/**
 * One code typed in: the 6 digits of the authenticator app, or a recovery code. Checked with the
 * contracts' rule (react-hook-form + zodResolver, STYLE.md rule 1); the server's answer is the
 * field's error, read with the field (aria-describedby) and announced (role=alert).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authenticatorCode, recoveryCode } from '@portal/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/form-field.tsx';
import styles from './security.module.css';

type CodeKind = 'authenticator' | 'recovery';

const SCHEMAS = {
  authenticator: zodResolver(z.object({ Code: authenticatorCode })),
  recovery: zodResolver(z.object({ Code: recoveryCode }), undefined, { raw: true }),
};

const TEXT: Record<CodeKind, { label: string; hint: string; submit: string }> = {
  authenticator: {
    label: 'Code from your authenticator app',
    hint: 'The 6 digits the app shows now',
    submit: 'Verify',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'One of the codes you saved, like ABCDE-12345. Each code works once.',
    submit: 'Use this recovery code',
  },
};

type OneCodeFormProps = {
  kind: CodeKind;
  id: string;
  /** Resolves when the code was accepted; rejects with the message to show. */
  onCode: (code: string) => Promise<void>;
  /** A message from outside (the server's answer), shown as the field's error (a new object each time). */
  error: { text: string } | null;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
  submitLabel?: string;
};

export function OneCodeForm({
  kind,
  id,
  onCode,
  error,
  disabled = false,
  autoFocus = false,
  label,
  submitLabel,
}: OneCodeFormProps) {
  const form = useForm<{ Code: string }>({
    resolver: SCHEMAS[kind],
    defaultValues: { Code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, setError, setFocus, resetField, formState } = form;
  const text = TEXT[kind];

  useEffect(() => {
    if (error) {
      setError('Code', { type: 'server', message: error.text });
      resetField('Code', { keepError: true });
      setFocus('Code');
    }
  }, [error, setError, setFocus, resetField]);

  const submit = handleSubmit(async ({ Code }) => {
    await onCode(Code);
  });

  const message = formState.errors.Code?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={styles.stack} data-testid={`${id}-form`}>
      <div role="alert" className="visually-hidden">
        {message ?? ''}
      </div>
      <Field label={label ?? text.label} id={id} hint={text.hint} error={message} required>
        {(control) => (
          <input
            {...control}
            {...register('Code')}
            type="text"
            className={styles.codeInput}
            inputMode={kind === 'authenticator' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={kind === 'authenticator' ? 6 : 40}
            autoFocus={autoFocus}
            readOnly={formState.isSubmitting}
            disabled={disabled}
            data-testid={`${id}-input`}
          />
        )}
      </Field>
      <div className={styles.row}>
        <button
          type="submit"
          className="button"
          disabled={disabled || formState.isSubmitting}
          data-testid={`${id}-submit`}
        >
          {formState.isSubmitting ? 'Checking…' : (submitLabel ?? text.submit)}
        </button>
      </div>
    </form>
  );
}
