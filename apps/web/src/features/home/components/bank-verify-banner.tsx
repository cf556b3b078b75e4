/**
 * Shown while BankDetailsVerified is false (spec 000 §2). Closing it calls verifybankdetails and
 * hides it; if that call fails the banner comes back (the alert explains why).
 */
import { MESSAGES } from '@portal/contracts';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import styles from './bank-verify-banner.module.css';

type BankVerifyBannerProps = {
  onClose: () => void;
};

export function BankVerifyBanner({ onClose }: BankVerifyBannerProps) {
  return (
    <section
      className={`callout callout--warning ${styles.banner}`}
      aria-labelledby="bank-banner-heading"
      data-testid="bank-verify-banner"
    >
      <Icon name="warning" />
      <div className={styles.body}>
        <h2 id="bank-banner-heading" className={styles.heading}>
          Check your bank details
        </h2>
        <p>
          {MESSAGES.bankVerifyBanner} <Link to="/account">Review your bank details</Link>
        </p>
      </div>
      <button
        type="button"
        className={`button button--secondary ${styles.close}`}
        onClick={onClose}
        data-testid="bank-verify-banner-close"
      >
        <Icon name="close" />
        Close<span className="visually-hidden"> this message</span>
      </button>
    </section>
  );
}
