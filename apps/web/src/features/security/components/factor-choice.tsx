/**
 * "Confirm it's you" with a second factor, offered before the 4-digit code and in its place: a
 * passkey first, then the authenticator app, the 4-digit code still one press away, and a
 * recovery code as the last resort. Used by the sign-in verification (/verify, also the password
 * reset's code step), the bank, mobile and e-mail step-ups, and every change of a factor.
 *
 * The parent says which factors the account has and how each one is checked; a method that
 * succeeds hands its result to `onVerified` (the parent stores tokens and moves on). Errors are
 * shown beside the method used and announced; once the day's wrong guesses are spent (109) every
 * method is closed and the message says why.
 */
import { useState } from 'react';
import { CODE_ENTRY_LOCKED, factorError } from '../lib/errors.ts';
import { OneCodeForm } from './one-code-form.tsx';
import styles from './security.module.css';

export type AvailableFactors = { passkey: boolean; authenticator: boolean; recoveryCode: boolean };

export function hasAnyFactor(available: AvailableFactors | null | undefined): boolean {
  return Boolean(available && (available.passkey || available.authenticator || available.recoveryCode));
}

type FactorChoiceProps<T> = {
  available: AvailableFactors;
  /** The id prefix of this choice's fields (two choices never share a page, but tests read them). */
  idPrefix: string;
  withPasskey: () => Promise<T>;
  withCode: (method: 'Authenticator' | 'RecoveryCode', code: string) => Promise<T>;
  onVerified: (result: T) => void | Promise<void>;
  /** "Get a 4-digit code instead": the parent shows the code screen in place of this choice. */
  onChooseCode: () => void;
  /** How the 4-digit code reaches the claimant, e.g. 'by email or SMS'. */
  codeLabel?: string;
};

type Mode = 'choose' | 'recovery';

export function FactorChoice<T>({
  available,
  idPrefix,
  withPasskey,
  withCode,
  onVerified,
  onChooseCode,
  codeLabel = 'Get a 4-digit code by email or SMS instead',
}: FactorChoiceProps<T>) {
  const [mode, setMode] = useState<Mode>(available.passkey || available.authenticator ? 'choose' : 'recovery');
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<{ text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const fail = (caught: unknown, show: (text: string) => void): void => {
    const { text, number, silent } = factorError(caught);
    if (silent) return;
    setStatus('');
    if (number === CODE_ENTRY_LOCKED) setLocked(text);
    else show(text);
  };

  const succeed = async (result: T) => {
    setStatus('Thank you, that is you.');
    await onVerified(result);
  };

  const passkey = async () => {
    setPasskeyError(null);
    setBusy(true);
    setStatus('Waiting for your passkey…');
    try {
      const result = await withPasskey();
      await succeed(result);
    } catch (caught) {
      fail(caught, setPasskeyError);
    } finally {
      setBusy(false);
    }
  };

  const code = (method: 'Authenticator' | 'RecoveryCode') => async (value: string) => {
    setCodeError(null);
    try {
      const result = await withCode(method, value);
      await succeed(result);
    } catch (caught) {
      // A new object each time, so the same message twice still reaches the field.
      fail(caught, (text) => setCodeError({ text }));
    }
  };

  const closed = locked !== null;

  return (
    <div className={styles.choice} data-testid={`${idPrefix}-choice`}>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {locked ? (
        <p role="alert" className={styles.error} data-testid={`${idPrefix}-locked`}>
          {locked}
        </p>
      ) : null}

      {mode === 'choose' ? (
        <>
          {available.passkey ? (
            <div className={styles.stack}>
              <button
                type="button"
                className="button"
                onClick={() => void passkey()}
                disabled={busy || closed}
                aria-describedby={passkeyError ? `${idPrefix}-passkey-error` : undefined}
                data-testid={`${idPrefix}-passkey`}
              >
                {busy ? 'Waiting for your passkey…' : 'Use a passkey'}
              </button>
              {passkeyError ? (
                <p
                  id={`${idPrefix}-passkey-error`}
                  role="alert"
                  className={styles.error}
                  data-testid={`${idPrefix}-passkey-error`}
                >
                  {passkeyError}
                </p>
              ) : null}
            </div>
          ) : null}
          {available.authenticator ? (
            <div>
              {available.passkey ? <h3 className={styles.subheading}>Or use your authenticator app</h3> : null}
              <OneCodeForm
                kind="authenticator"
                id={`${idPrefix}-totp`}
                onCode={code('Authenticator')}
                error={codeError}
                disabled={closed}
              />
            </div>
          ) : null}
        </>
      ) : (
        <OneCodeForm
          kind="recovery"
          id={`${idPrefix}-recovery`}
          onCode={code('RecoveryCode')}
          error={codeError}
          disabled={closed}
          autoFocus
        />
      )}

      <div className={styles.otherWays}>
        <h3 className={styles.subheading}>Other ways</h3>
        <ul>
          <li>
            <button type="button" className="link-button" onClick={onChooseCode} data-testid={`${idPrefix}-use-code`}>
              {codeLabel}
            </button>
          </li>
          {mode === 'choose' && available.recoveryCode ? (
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setCodeError(null);
                  setMode('recovery');
                }}
                data-testid={`${idPrefix}-use-recovery`}
              >
                Use a recovery code (if you no longer have your passkey or app)
              </button>
            </li>
          ) : null}
          {mode === 'recovery' && (available.passkey || available.authenticator) ? (
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setCodeError(null);
                  setMode('choose');
                }}
                data-testid={`${idPrefix}-use-factor`}
              >
                {available.passkey ? 'Use a passkey or your authenticator app' : 'Use your authenticator app'}
              </button>
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
