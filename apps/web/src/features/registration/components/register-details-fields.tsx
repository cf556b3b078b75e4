/**
 * "Your details" and "Contact details" of the registration form (spec 001 §2): the username (an
 * e-mail address typed without spaces), date of birth, names and the claim number; then the
 * e-mail address and the mobile number (at least one).
 */
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { PersonFields } from '../../../components/forms/person-fields.tsx';
import { UsernameField } from '../../../components/forms/username-field.tsx';
import { REGISTER_FIELD_IDS, type Values } from './register-form-fields.ts';
import styles from './register-form.module.css';

type RegisterDetailsFieldsProps = {
  register: UseFormRegister<Values>;
  control: Control<Values, unknown, Values>;
  errors: FieldErrors<Values>;
};

export function RegisterDetailsFields({ register, control, errors }: RegisterDetailsFieldsProps) {
  const person = { register, control, errors, ids: REGISTER_FIELD_IDS, testIdPrefix: 'register' };

  return (
    <>
      <h3 className={styles.section}>Your details</h3>
      <UsernameField
        register={register}
        id={REGISTER_FIELD_IDS.Username}
        error={errors.Username?.message}
        testId="register-username"
      />
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
