/**
 * Footer (spec 000 §2): Terms and conditions, Privacy policy and the version text; and, on every
 * page but the sign-in page (which has its own), the help line with its hours and the interpreter
 * and relay services (docs/decisions/027).
 */
import { APP_VERSION } from '@portal/contracts';
import { Link } from 'react-router';
import { CallHelp, PhoneLink } from '../../components/phone-link.tsx';
import { provider } from '../../lib/content/provider.ts';
import styles from './footer.module.css';

/** `help`: false on the sign-in page, whose own "Need help?" says the same just above. */
export function Footer({ help = true }: { help?: boolean }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {help ? (
          <div className={styles.help} data-testid="footer-help">
            <p>
              Call us on <PhoneLink />, {provider.callHours}.
            </p>
            <CallHelp />
          </div>
        ) : null}
        <nav aria-label="Legal">
          <ul className={styles.links}>
            <li>
              <Link to="/disclaimer">Terms and conditions</Link>
            </li>
            <li>
              <Link to="/privacypolicy">Privacy policy</Link>
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
