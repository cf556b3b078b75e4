/**
 * A password input with a Show / Hide button (typing a password blind on a phone is hard; seeing
 * it is the claimant's choice). Used inside a Field, which supplies the label and error wiring.
 */
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import styles from './password-input.module.css';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** Read after "Show" / "Hide" by screen readers, e.g. "new password". */
  toggleLabel?: string;
  toggleTestId?: string;
};

export function PasswordInput({ ref, toggleLabel = 'password', toggleTestId, ...rest }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.row}>
      <input
        ref={ref}
        type={shown ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...rest}
      />
      <button
        type="button"
        className={`button button--secondary ${styles.toggle}`}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
        data-testid={toggleTestId}
      >
        {shown ? 'Hide' : 'Show'}
        <span className="visually-hidden"> {toggleLabel}</span>
      </button>
    </div>
  );
}
