/**
 * The recovery codes, shown once: when the first passkey or the authenticator app is added. Each
 * can stand in for a passkey or the app once, when neither is to hand. The claimant copies or
 * prints them and says they have saved them; only then does the screen let them go (the server
 * never shows them again).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../components/form-field.tsx';
import { CopyButton } from './copy-button.tsx';
import styles from './security.module.css';

type RecoveryCodesProps = {
  codes: readonly string[];
  /** The claimant has said they saved them. */
  onDone: () => void;
};

export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const checkbox = useRef<HTMLInputElement>(null);

  // The codes replace what was on screen: the keyboard and the screen reader start at their heading.
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saved) {
      setError('Tick the box once you have saved your recovery codes.');
      checkbox.current?.focus();
      return;
    }
    onDone();
  };

  return (
    <section
      className={styles.recovery}
      aria-labelledby="recovery-codes-heading"
      data-security-busy=""
      data-testid="recovery-codes"
    >
      <h3 id="recovery-codes-heading" tabIndex={-1} ref={heading}>
        Save your recovery codes
      </h3>
      <p>
        If you lose your phone or your passkey, a recovery code lets you in instead. Each code works once. Keep them
        somewhere safe, away from this device: print them, or write them down. We will not show them again.
      </p>
      <ol className={styles.codeList} data-testid="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <CopyButton text={codes.join('\n')} label="Copy the codes" testId="recovery-copy" />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => window.print()}
          data-testid="recovery-print"
        >
          Print the codes
        </button>
      </div>
      <form noValidate onSubmit={submit} className={styles.savedForm}>
        <CheckboxField
          label="I have saved my recovery codes somewhere safe"
          id="recovery-saved"
          error={error || undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={checkbox}
              type="checkbox"
              checked={saved}
              onChange={(event) => {
                setSaved(event.target.checked);
                if (event.target.checked) setError('');
              }}
              data-testid="recovery-saved"
            />
          )}
        </CheckboxField>
        <button type="submit" className="button" data-testid="recovery-done">
          Done
        </button>
      </form>
    </section>
  );
}
