/**
 * Copies a text to the clipboard and says so in a polite status region beside the button (the
 * button keeps the focus). Where the clipboard is refused (an insecure context, a denied
 * permission) it says to select the text instead: the text is always on screen.
 */
import { useState } from 'react';
import styles from './security.module.css';

export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('Your browser did not let us copy. Select the text and copy it yourself.');
    }
  };
  return (
    <span className={styles.copy}>
      <button type="button" className="button button--secondary" onClick={() => void copy()} data-testid={testId}>
        {label}
      </button>
      <span role="status" className={styles.copyStatus} data-testid={`${testId}-status`}>
        {said}
      </span>
    </span>
  );
}
