/**
 * The username of a new account (spec 001 §2): an e-mail address, typed without spaces (a space
 * typed or pasted is dropped at once). Registration and a helper's own account ask for it alike.
 */
import type { ChangeEvent, KeyboardEvent } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { stripSpaces } from '@portal/contracts';
import { Field } from '../form-field.tsx';

type UsernameFieldProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  id: string;
  error: string | undefined;
  testId: string;
};

export function UsernameField<T extends FieldValues>({ register, id, error, testId }: UsernameFieldProps<T>) {
  const username = register('Username' as Path<T>);
  const onUsernameChange = (event: ChangeEvent<HTMLInputElement>) => {
    const stripped = stripSpaces(event.target.value);
    if (stripped !== event.target.value) event.target.value = stripped;
    return username.onChange(event);
  };
  const blockSpace = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ') event.preventDefault();
  };
  return (
    <Field id={id} label="Username" hint="Your email address. You will use it to sign in." error={error} required>
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
          data-testid={testId}
        />
      )}
    </Field>
  );
}
