/**
 * Shown while BankDetailsVerified is false (spec 000 §2). The spec's "closing it calls
 * verifybankdetails" made a Close button confirm the bank account as a side effect, so the banner
 * asks instead (docs/decisions/027-claimant-experience.md): it shows the details held and offers
 * "Yes, these are correct" (the page calls verifybankdetails) or "Review my bank details" (the
 * bank block of My Details; nothing is called). Nothing hides it without an answer, so a claimant
 * who gives none is asked again the next time the home page loads.
 */
import { MESSAGES, type BankAccountDetails } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { formatBsb } from '../../../lib/api/verify-bsb.ts';
import styles from './bank-verify-banner.module.css';

/** Where "Review my bank details" leads: the Bank Account Details block of My Details. */
const REVIEW_BANK_DETAILS_PATH = '/account#account-bank';

/** The last 4 digits of a masked account number ('*****6789' → '6789'). */
function last4(masked: string): string {
  return masked.replace(/[^0-9]/g, '').slice(-4);
}

type BankVerifyBannerProps = {
  bank: BankAccountDetails;
  /** True while the confirmation is being sent: the answer cannot be given twice. */
  confirming: boolean;
  onConfirm: () => void;
};

export function BankVerifyBanner({ bank, confirming, onConfirm }: BankVerifyBannerProps) {
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
        <p>{MESSAGES.bankVerifyBanner}</p>
        <dl className={styles.details} data-testid="bank-verify-banner-details">
          {bank.BankName ? (
            <div className={styles.detail}>
              <dt>Bank</dt>
              <dd>{bank.BankName}</dd>
            </div>
          ) : null}
          <div className={styles.detail}>
            <dt>Account name</dt>
            <dd>{bank.AccountName}</dd>
          </div>
          <div className={styles.detail}>
            <dt>BSB</dt>
            <dd>{formatBsb(bank.Bsb)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>Account number</dt>
            <dd>
              <span aria-hidden="true">{'*'.repeat(5)}</span>
              <span className="visually-hidden">ending in </span>
              {last4(bank.AccountNumber)}
            </dd>
          </div>
        </dl>
        <p className={styles.question} id="bank-banner-question">
          Are these details correct?
        </p>
        <div className={styles.actions} role="group" aria-labelledby="bank-banner-question">
          <button
            type="button"
            className="button"
            aria-disabled={confirming || undefined}
            onClick={() => {
              if (!confirming) onConfirm();
            }}
            data-testid="bank-verify-banner-yes"
          >
            Yes, these are correct
          </button>
          <Link
            to={REVIEW_BANK_DETAILS_PATH}
            className="button button--secondary"
            data-testid="bank-verify-banner-review"
          >
            Review my bank details
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * Said in place of the banner once the claimant has confirmed. "Yes" is gone with the banner, so
 * the thanks takes the keyboard's place as it appears: focused when it mounts, not from the
 * mutation's callback, which may run before the render that draws it.
 */
export function BankVerifiedNotice() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      className={`callout callout--success ${styles.confirmed}`}
      role="status"
      tabIndex={-1}
      data-testid="bank-verify-confirmed"
    >
      <Icon name="tick" />
      <span>Thank you for confirming your bank details.</span>
    </p>
  );
}
