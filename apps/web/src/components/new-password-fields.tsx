/**
 * A new password and its re-entry, with the live rule box (spec 000 §5 / 001 §5): the one set of
 * fields the registration and reset forms share. The rule box describes the first field.
 */
import type { Path, UseFormRegister } from 'react-hook-form';
import { Field } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordRules } from './password-rules.tsx';

type PasswordValues = { NewPassword: string; ReEnterPassword: string };

export type NewPasswordFieldsProps<T extends PasswordValues> = {
  register: UseFormRegister<T>;
  /** The current new password (useWatch), for the live rule box. */
  password: string;
  ids: { NewPassword: string; ReEnterPassword: string };
  labels: { NewPassword: string; ReEnterPassword: string };
  errors: { NewPassword?: string | undefined; ReEnterPassword?: string | undefined };
  /** Show the rule box as failing (the first field was left invalid). */
  rulesInvalid: boolean;
  /** Prefix of the ids and test ids: `${prefix}-password-rules`, `${prefix}-new-password`, … */
  prefix: string;
};

export function NewPasswordFields<T extends PasswordValues>(props: NewPasswordFieldsProps<T>) {
  const rulesId = `${props.prefix}-password-rules`;
  return (
    <>
      <PasswordRules id={rulesId} password={props.password} invalid={props.rulesInvalid} />
      <Field id={props.ids.NewPassword} label={props.labels.NewPassword} error={props.errors.NewPassword} required>
        {(c) => (
          <PasswordInput
            {...c}
            {...props.register('NewPassword' as Path<T>, { deps: ['ReEnterPassword' as Path<T>] })}
            aria-describedby={[c['aria-describedby'], rulesId].filter(Boolean).join(' ')}
            autoComplete="new-password"
            maxLength={64}
            toggleLabel="new password"
            data-testid={`${props.prefix}-new-password`}
          />
        )}
      </Field>
      <Field
        id={props.ids.ReEnterPassword}
        label={props.labels.ReEnterPassword}
        error={props.errors.ReEnterPassword}
        required
      >
        {(c) => (
          <PasswordInput
            {...c}
            {...props.register('ReEnterPassword' as Path<T>)}
            autoComplete="new-password"
            maxLength={64}
            toggleLabel="re-entered password"
            data-testid={`${props.prefix}-re-enter-password`}
          />
        )}
      </Field>
    </>
  );
}
