/**
 * The password rule box (spec 001 §2, §5; spec 000 §5): 8 to 16 characters containing 3 of the 4
 * classes (uppercase, lowercase, number, symbol), each rule with a tick or a warning icon that
 * follows the typing. Whether a rule is met comes from the contracts (LIMITS, passwordClasses,
 * isValidNewPassword); the per-class lines only show which classes are present.
 *
 * For screen readers: the password input points at this box with aria-describedby (read when the
 * field is focused), every line says "met" or "not met yet" in words, and a polite status says
 * once when the password starts or stops meeting the rules — not on every keystroke.
 */
import { LIMITS, MESSAGES, isValidNewPassword, passwordClasses } from '@portal/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import styles from './password-rules.module.css';

/** Display only: which of the four classes a password contains (the rule counts them in contracts). */
const CLASSES = [
  { key: 'lower', label: 'a lowercase letter (a–z)', sample: 'a' },
  { key: 'upper', label: 'an uppercase letter (A–Z)', sample: 'A' },
  { key: 'digit', label: 'a number (0–9)', sample: '0' },
  { key: 'symbol', label: 'a symbol, such as ! # $ or %', sample: '!' },
] as const;

/**
 * A class is present when adding its sample character does not add a class: the contracts'
 * passwordClasses decides, so "what is a symbol" is written in one place only.
 */
function hasClass(password: string, sample: string): boolean {
  return passwordClasses(password + sample) === passwordClasses(password) && password.length > 0;
}

type PasswordRulesProps = {
  password: string;
  id: string;
  /** The field was left with a password that breaks the rules: say so in the box too. */
  invalid?: boolean;
  'data-testid'?: string;
};

function Rule({ met, children, testId }: { met: boolean; children: ReactNode; testId: string }) {
  return (
    <li className={met ? styles.met : styles.unmet} data-testid={testId} data-met={met}>
      <Icon name={met ? 'tick' : 'warning'} className={styles.icon} />
      <span>
        {children}
        <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
      </span>
    </li>
  );
}

export function PasswordRules({ password, id, invalid = false, ...rest }: PasswordRulesProps) {
  const lengthOk = password.length >= LIMITS.passwordMin && password.length <= LIMITS.passwordMax;
  const classesOk = passwordClasses(password) >= LIMITS.passwordClassesRequired;
  const valid = isValidNewPassword(password);

  // Announce only a change of the overall answer, after the claimant has started typing.
  const [announcement, setAnnouncement] = useState('');
  const lastValid = useRef<boolean | null>(null);
  useEffect(() => {
    if (password === '') {
      lastValid.current = null;
      return;
    }
    if (lastValid.current === valid) return;
    const first = lastValid.current === null;
    lastValid.current = valid;
    if (first && !valid) return;
    setAnnouncement(valid ? 'Your password meets the rules.' : 'Your password no longer meets the rules.');
  }, [password, valid]);

  return (
    <div className={styles.box} id={id} data-testid={rest['data-testid'] ?? 'password-rules'}>
      <p className={styles.heading}>
        <strong>Your password must:</strong>
      </p>
      <ul className={styles.list}>
        <Rule met={lengthOk} testId="password-rule-length">
          be {LIMITS.passwordMin} to {LIMITS.passwordMax} characters long
        </Rule>
        <Rule met={classesOk} testId="password-rule-classes">
          contain at least {LIMITS.passwordClassesRequired} of these {CLASSES.length}:
        </Rule>
      </ul>
      <ul className={styles.classes}>
        {CLASSES.map((c) => {
          const present = hasClass(password, c.sample);
          return (
            <li
              key={c.key}
              className={present ? styles.met : styles.neutral}
              data-testid={`password-class-${c.key}`}
              data-met={present}
            >
              <Icon name={present ? 'tick' : 'dot'} className={styles.icon} />
              <span>
                {c.label}
                <span className="visually-hidden">{present ? ' (included)' : ' (not included)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {invalid && !valid ? <p className={styles.followRules}>{MESSAGES.passwordRules}</p> : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
