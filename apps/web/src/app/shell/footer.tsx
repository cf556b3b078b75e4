/** Footer (spec 000 §2): Terms & Conditions, Privacy Policy and the version text. */
import { APP_VERSION } from '@portal/contracts';
import { Link } from 'react-router';
import { provider } from '../../lib/provider.ts';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Legal">
          <ul className={styles.links}>
            <li>
              <Link to="/disclaimer">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacypolicy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.meta}>
          <span>{provider.name}</span>
          <span data-testid="app-version">Version: {APP_VERSION}</span>
        </p>
      </div>
    </footer>
  );
}
