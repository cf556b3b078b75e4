/**
 * "Your details" and "Contact details" of the registration form (spec 001 §2): the username (an
 * e-mail address typed without spaces), date of birth, names and the claim number; then the
 * e-mail address and the mobile number (at least one).
 */
import type { ChangeEvent, KeyboardEvent } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/form-field.tsx';
import { PersonFields } from '../../../components/forms/person-fields.tsx';
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
  const person = { register, control, errors, ids: REGISTER_FIELD_IDS, testIdPrefix: 'register' };

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
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            data-testid="register-username"
          />
        )}
      </Field>
      <PersonFields
        {...person}
        fields={['DateOfBirth', 'FirstName', 'MiddleName', 'LastName', { kind: 'ClaimNumber', name: 'TACNumber' }]}
      />

      <h3 className={styles.section}>Contact details</h3>
      <p className={styles.note}>Give us at least one of your email address or mobile number.</p>
      <PersonFields {...person} fields={['EmailAddress', 'MobileNumber']} />
    </>
  );
}
