/**
 * /login: "Sign in with a passkey", one step instead of username, password (and a code on a new
 * browser: a passkey with user verification is both). Drawn with the page, so nothing moves when
 * it arrives (it used to be downloaded after the page and pushed the help links down: a layout
 * shift, and a press on them could land elsewhere); what it runs — the ceremony and
 * @simplewebauthn/browser — is another feature's, handed in by the app and downloaded on the
 * press, so /login's first download does not grow. The account's sign-in throttles apply.
 */
import { useState } from 'react';
import styles from './passkey-sign-in.module.css';

export type SignInAnswer = { AccessToken: string; AccountActivated: number };

/**
 * The ceremony: the answer, or what to tell the claimant (`error`), or nothing to say (`silent`:
 * the request layer has already taken the claimant elsewhere).
 */
export type PasskeySignInCeremony = () => Promise<{ answer: SignInAnswer } | { error: string } | { silent: true }>;

export function PasskeySignIn({
  ceremony,
  onSignedIn,
}: {
  ceremony: PasskeySignInCeremony;
  onSignedIn: (answer: SignInAnswer) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    setError(null);
    setBusy(true);
    try {
      const result = await ceremony();
      if ('answer' in result) await onSignedIn(result.answer);
      else if ('error' in result) setError(result.error);
    } catch {
      // The ceremony's own code could not be downloaded (offline, or the connection dropped).
      setError('Your request could not be completed. Please try again.');
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
