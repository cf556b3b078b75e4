/**
 * A small turning ring beside a button's or a status's words while something is under way. The
 * words say it; the ring is hidden from assistive technology (and stops turning for those who
 * ask for less motion, base.css).
 */
import styles from './spinner.module.css';

export function Spinner({ testId }: { testId?: string }) {
  return <span className={styles.spinner} aria-hidden="true" data-testid={testId} />;
}
