/**
 * Setting up the authenticator app: the server makes a secret (spending the step-up's token), the
 * browser draws its QR code and shows it as text, and one code from the app confirms it (within
 * 10 minutes) before it counts. The first factor of an account also brings the recovery codes.
 */
import { SECURITY_LIMITS } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { confirmAuthenticator, setUpAuthenticator } from '../api/factor-changes.ts';
import { factorError } from '../lib/errors.ts';
import { OneCodeForm } from './one-code-form.tsx';
import { QrCode } from './qr-code.tsx';
import { SecretText } from './secret-text.tsx';
import styles from './security.module.css';

type AuthenticatorSetupProps = {
  secureToken: string;
  onDone: (recoveryCodes: string[] | null) => void;
  onCancel: () => void;
};

type Setup = { Secret: string; Uri: string };

export function AuthenticatorSetup({ secureToken, onDone, onCancel }: AuthenticatorSetupProps) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<{ text: string } | null>(null);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Once (StrictMode runs effects twice): the token is spent by the first call.
    if (started.current) return;
    started.current = true;
    setUpAuthenticator(secureToken).then(
      (answer) => setSetup({ Secret: answer.Secret, Uri: answer.Uri }),
      (caught: unknown) => setFailed(factorError(caught).text),
    );
  }, [secureToken]);

  useEffect(() => {
    if (setup) heading.current?.focus();
  }, [setup]);

  const confirm = async (code: string) => {
    setCodeError(null);
    try {
      const { RecoveryCodes } = await confirmAuthenticator(code);
      onDone(RecoveryCodes);
    } catch (caught) {
      const { text, silent } = factorError(caught);
      if (!silent) setCodeError({ text });
    }
  };

  if (failed) {
    return (
      <div className={styles.stack}>
        <p role="alert" className={styles.error} data-testid="totp-setup-failed">
          {failed}
        </p>
        <div className={styles.row}>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Back
          </button>
        </div>
      </div>
    );
  }
  if (!setup) {
    return <p role="status">Getting your set-up code ready…</p>;
  }

  return (
    <section className={styles.stack} aria-labelledby="totp-setup-heading" data-testid="totp-setup">
      <h3 id="totp-setup-heading" ref={heading} tabIndex={-1} className={styles.subheading}>
        Set up your authenticator app
      </h3>
      <ol className={styles.steps}>
        <li>Open an authenticator app on your phone (for example Google Authenticator or Microsoft Authenticator).</li>
        <li>Add an account in the app, then scan this code, or type in the setup key below.</li>
        <li>
          Enter the {SECURITY_LIMITS.totpDigits}-digit code the app shows. Do this within{' '}
          {SECURITY_LIMITS.setupLifetimeMinutes} minutes.
        </li>
      </ol>
      <div className={styles.setup}>
        <QrCode
          value={setup.Uri}
          label="QR code to scan with your authenticator app. The setup key below holds the same."
        />
        <SecretText secret={setup.Secret} />
      </div>
      <OneCodeForm
        kind="authenticator"
        id="totp-confirm"
        onCode={confirm}
        error={codeError}
        label="Code from your authenticator app"
        submitLabel="Confirm and turn on"
      />
      <div className={styles.row}>
        <button type="button" className="button button--secondary" onClick={onCancel} data-testid="totp-setup-cancel">
          Cancel
        </button>
      </div>
    </section>
  );
}
