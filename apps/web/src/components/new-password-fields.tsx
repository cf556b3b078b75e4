/**
 * A new password and its re-entry, with the live rule box (spec 000 §5 / 001 §5): the one set of
 * fields the registration and reset forms share. The rule box describes the first field.
 */
import {
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
  type UseFormStateReturn,
} from 'react-hook-form';
import { Field } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordRules } from './password-rules.tsx';

type PasswordValues = { NewPassword: string; ReEnterPassword: string };

export type NewPasswordFieldsProps<T extends PasswordValues> = {
  /** The form's parts the fields use: the new password is watched for the live rule box. */
  form: {
    register: UseFormRegister<T>;
    control: Control<T, unknown, T>;
    errors: FieldErrors<PasswordValues>;
    touchedFields: UseFormStateReturn<PasswordValues>['touchedFields'];
  };
  ids: { NewPassword: string; ReEnterPassword: string };
  labels: { NewPassword: string; ReEnterPassword: string };
  /** Prefix of the ids and test ids: `${prefix}-password-rules`, `${prefix}-new-password`, … */
  prefix: string;
};

export function NewPasswordFields<T extends PasswordValues>(props: NewPasswordFieldsProps<T>) {
  const { register, control, errors, touchedFields } = props.form;
  const password = useWatch({ control, name: 'NewPassword' as Path<T> }) as string;
  const reEntered = useWatch({ control, name: 'ReEnterPassword' as Path<T> }) as string;
  const rulesId = `${props.prefix}-password-rules`;
  return (
    <>
      {/* The rule box fails once the first field was left invalid. */}
      <PasswordRules
        id={rulesId}
        password={password}
        invalid={Boolean(touchedFields.NewPassword && errors.NewPassword)}
      />
      <Field id={props.ids.NewPassword} label={props.labels.NewPassword} error={errors.NewPassword?.message} required>
        {(c) => (
          <PasswordInput
            {...c}
            {...register('NewPassword' as Path<T>, {
              // Checked again as the password changes once something is re-entered: before that,
              // "must match" would greet someone who has not reached the second field yet.
              deps: reEntered ? ['ReEnterPassword' as Path<T>] : [],
            })}
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
        error={errors.ReEnterPassword?.message}
        required
      >
        {(c) => (
          <PasswordInput
            {...c}
            {...register('ReEnterPassword' as Path<T>)}
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
