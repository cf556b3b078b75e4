/**
 * "Your details" of the registration form (spec 001 §2): the username (an e-mail address typed
 * without spaces), date of birth, names and the claim number.
 */
import type { ChangeEvent, KeyboardEvent } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ClaimNumberInput } from '../../../components/claim-number-input.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { Field } from '../../../components/form-field.tsx';
import { stripSpaces } from '@portal/contracts';
import { REGISTER_FIELD_IDS, type Values } from './register-form-fields.ts';
import styles from './register-form.module.css';

type RegisterDetailsFieldsProps = {
  register: UseFormRegister<Values>;
  control: Control<Values, unknown, Values>;
  errors: FieldErrors<Values>;
};

export function RegisterDetailsFields({ register, control, errors }: RegisterDetailsFieldsProps) {
  const username = register('Username');
  const onUsernameChange = (event: ChangeEvent<HTMLInputElement>) => {
    const stripped = stripSpaces(event.target.value);
    if (stripped !== event.target.value) event.target.value = stripped;
    return username.onChange(event);
  };
  const blockSpace = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ') event.preventDefault();
  };

  return (
    <>
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
    </>
  );
}
