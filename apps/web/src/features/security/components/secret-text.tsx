/**
 * The authenticator app's secret as text, for anyone who cannot scan the QR code (a screen
 * reader, a keyboard, an app on the same phone). Base32 in groups of four, so it can be read out
 * and typed in pieces; the copy button copies it without the spaces, as apps expect.
 */
import { CopyButton } from './copy-button.tsx';
import styles from './security.module.css';

export function groupSecret(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

export function SecretText({ secret }: { secret: string }) {
  const groups = groupSecret(secret);
  return (
    <div className={styles.secret}>
      <p className={styles.secretLabel}>Setup key (type it into the app if you cannot scan the code)</p>
      <p className={styles.secretValue} data-testid="totp-secret">
        {groups.map((group, index) => (
          <span key={index} className={styles.secretGroup}>
            {group}
          </span>
        ))}
      </p>
      <CopyButton text={groups.join('')} label="Copy the setup key" testId="totp-secret-copy" />
    </div>
  );
}
