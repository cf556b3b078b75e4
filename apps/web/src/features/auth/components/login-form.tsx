/**
 * The sign-in form (spec 000 §2, §5): username (an e-mail address) with spaces stripped as it is
 * typed or pasted and the space key blocked; password; remember me (unchecked by default).
 * Sign in stays disabled while the form is invalid or the call is in flight. Rules come from the
 * contracts' LoginRequest schema, downloaded when the form is first used (use-login-form.ts).
 * What a press changes (leaving a field shows its message) waits until the press has become a
 * click, so Sign in and the links below never move under the pointer (lib/feedback/steady-while-pressed.ts).
 */
import { ErrorNumber, stripSpaces } from '@portal/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { AlertEntryText } from '../../../components/alert-entry-text.tsx';
import { CheckboxField, Field, Form } from '../../../components/form-field.tsx';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import type { AlertEntry } from '../../../lib/request/request-error.ts';
import { useSteadyWhilePressed } from '../../../lib/feedback/steady-while-pressed.ts';
import type { LoginValues } from '../api/login.ts';
import { RULES_UNAVAILABLE, useLoginForm } from './use-login-form.ts';
import styles from './login-form.module.css';

type LoginFormProps = {
  /** Sends the sign-in and handles the outcome (success or failure); never rejects. */
  onSubmit: (values: LoginValues) => Promise<void>;
  /** The error from the last attempt, shown in the form's alert region. */
  error: AlertEntry[] | null;
  /** Increases after every failed attempt: the password is cleared and focused again. */
  failureCount: number;
};

/**
 * A refused sign-in is said at the password field too (GOV.UK pattern), where the focus goes with
 * the password cleared; it goes once a new password is typed.
 */
function refusalAtPassword(password: string, error: AlertEntry[] | null): string | undefined {
  return password === '' ? error?.find((entry) => entry.code === ErrorNumber.LoginFailed)?.message : undefined;
}

export function LoginForm({ onSubmit, error, failureCount }: LoginFormProps) {
  const errorId = useId();
  const hintId = useId();
  const [showPassword, setShowPassword] = useState(false);
  const form = useLoginForm(onSubmit);
  const { values, errorOf, isValid, isSubmitting, rulesUnavailable, setValue, leave, resetField, setFocus, refs } =
    form;

  // spec 000 §4: on a login error the password is cleared; focus goes back to it once the
  // fieldset is enabled again.
  const focusPasswordPending = useRef(false);
  useEffect(() => {
    if (failureCount === 0) return;
    resetField('Password');
    focusPasswordPending.current = true;
  }, [failureCount, resetField]);
  useEffect(() => {
    if (!isSubmitting && focusPasswordPending.current) {
      focusPasswordPending.current = false;
      setFocus('Password');
    }
  }, [isSubmitting, failureCount, setFocus]);

  const onUsernameChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const stripped = stripSpaces(input.value);
    if (stripped !== input.value) {
      const caret = input.selectionStart ?? stripped.length;
      const removedBeforeCaret = input.value.slice(0, caret).length - stripSpaces(input.value.slice(0, caret)).length;
      input.value = stripped;
      const at = Math.max(0, caret - removedBeforeCaret);
      input.setSelectionRange(at, at);
    }
    setValue('EmailAddress', stripped);
  };
  const blockSpaceKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ' || event.key === 'Spacebar') event.preventDefault();
  };

  const alert = error ?? (rulesUnavailable ? RULES_UNAVAILABLE : null);
  const canSubmit = isValid && !isSubmitting;
  const usernameError = useSteadyWhilePressed(errorOf('EmailAddress'));
  const passwordError = useSteadyWhilePressed(errorOf('Password') ?? refusalAtPassword(values.Password, error));
  // What Sign in still needs: each field that is empty, or typed but not yet valid.
  const needed = [
    values.EmailAddress === '' ? 'your username' : form.messages.EmailAddress ? 'a valid username' : null,
    values.Password === '' ? 'your password' : form.messages.Password ? 'a valid password' : null,
  ].filter((item): item is string => item !== null);

  return (
    <Form
      submitting={isSubmitting}
      onSubmit={form.handleSubmit}
      onFocus={form.prepare}
      legend="Sign in to your account"
      aria-describedby={alert ? errorId : undefined}
      data-testid="login-form"
    >
      <div id={errorId} role="alert" className={styles.alertRegion} data-testid="login-error">
        {alert ? (
          <div className="callout callout--error">
            <div>
              {alert.map((entry, index) => (
                <p key={index}>
                  <AlertEntryText entry={entry} strong codeClassName={styles.code} />
                </p>
              ))}
            </div>
          </div>
        ) : null}
      </div>

      <Field label="Username (your email address)" error={usernameError} required>
        {(control) => (
          <input
            {...control}
            ref={refs.EmailAddress}
            name="EmailAddress"
            value={values.EmailAddress}
            onChange={onUsernameChange}
            onBlur={() => leave('EmailAddress')}
            onKeyDown={blockSpaceKey}
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            data-testid="login-username"
          />
        )}
      </Field>

      <Field label="Password" error={passwordError} required>
        {(control) => (
          <div className={styles.passwordRow}>
            <input
              {...control}
              ref={refs.Password}
              name="Password"
              value={values.Password}
              onChange={(event) => setValue('Password', event.target.value)}
              onBlur={() => leave('Password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              data-testid="login-password"
            />
            <button
              type="button"
              className={`button button--secondary ${styles.showPassword}`}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Hide' : 'Show'}
              <span className="visually-hidden"> password</span>
            </button>
          </div>
        )}
      </Field>

      <CheckboxField label="Remember me on this device" hint="Only choose this on your own device.">
        {(control) => (
          <input
            {...control}
            ref={refs.RememberMe}
            name="RememberMe"
            type="checkbox"
            checked={values.RememberMe}
            onChange={(event) => setValue('RememberMe', event.target.checked)}
            onBlur={() => leave('RememberMe')}
            data-testid="login-remember"
          />
        )}
      </CheckboxField>

      <button
        type="submit"
        className="button button--block"
        aria-disabled={!canSubmit || undefined}
        aria-describedby={!canSubmit && !isSubmitting ? hintId : undefined}
        data-testid="login-submit"
      >
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <ButtonHint
        id={hintId}
        className={styles.submitHint}
        needed={canSubmit ? [] : needed}
        lead="To sign in, enter"
        busy={isSubmitting && 'Signing you in, please wait.'}
        data-testid="login-submit-hint"
      />
    </Form>
  );
}
