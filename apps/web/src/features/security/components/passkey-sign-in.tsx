/**
 * /login: "Sign in with a passkey", one step instead of username, password (and a code on a new
 * browser: a passkey with user verification is both). Downloaded after the sign-in page, and
 * @simplewebauthn/browser only on the press, so /login's first download does not grow. The
 * browser offers the passkeys it holds for this portal; the account's sign-in throttles apply.
 */
import { useState } from 'react';
import { signInWithPasskey } from '../api/sign-in-factors.ts';
import { factorError } from '../lib/errors.ts';
import styles from './security.module.css';

type SignInAnswer = { AccessToken: string; AccountActivated: number };

export function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: SignInAnswer) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    setError(null);
    setBusy(true);
    try {
      await onSignedIn(await signInWithPasskey(false));
    } catch (caught) {
      const { text, silent } = factorError(caught);
      if (!silent) setError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.passkeySignIn} data-testid="passkey-sign-in">
      <p className={styles.or} aria-hidden="true">
        or
      </p>
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={() => void signIn()}
        disabled={busy}
        aria-describedby={error ? 'passkey-sign-in-error' : 'passkey-sign-in-hint'}
        data-testid="passkey-sign-in-button"
      >
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {error ? (
        <p id="passkey-sign-in-error" role="alert" className={styles.error} data-testid="passkey-sign-in-error">
          {error}
        </p>
      ) : (
        <p id="passkey-sign-in-hint" className={styles.hint}>
          If you added a passkey in My Details, use your fingerprint, face or screen lock instead of your password.
        </p>
      )}
    </div>
  );
}
