/**
 * "Pay me" (spec 001 Reimbursement rules; spec 000 §2 masked display, §6 bank permissions): the
 * claimant's bank details as held, read-only and masked (BankDetailsReadonly), or — when there
 * are none — 'Bank details not found', with the way to add them when bank editing is allowed,
 * otherwise why it is not (the 48 hours after registration). A claim managed by the State
 * Trustees is told once who is paid and whom to contact instead: spec 001's 'please update on the
 * Personal details screen' would send it where bank details cannot be added (decision 027).
 */
import { BSB_SOURCE, MESSAGES, type Account, type BankAccountDetails } from '@portal/contracts';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { STATE_TRUSTEES } from '../../../lib/content/state-trustees.ts';
import { formatBsb } from '../../../lib/api/verify-bsb.ts';
import styles from './reimbursement.module.css';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Why the claimant cannot change bank details now, or null when they can. */
function bankLockMessage(account: Pick<Account, 'IsStateTrustee' | 'BankDetailsCanEdit'>): string | null {
  if (account.IsStateTrustee) return capitalise(MESSAGES.bankStateTrustee);
  if (!account.BankDetailsCanEdit) return MESSAGES.bankLocked48h;
  return null;
}

/** The last 4 digits of a masked account number ('*****6789' → '6789'). */
function last4(masked: string): string {
  return masked.replace(/[^0-9]/g, '').slice(-4);
}

function MaskedAccountNumber({ masked }: { masked: string }) {
  return (
    <>
      <span aria-hidden="true">{'*'.repeat(5)}</span>
      <span className="visually-hidden">ending in </span>
      {last4(masked)}
    </>
  );
}

/** The claimant's own bank details, masked and read-only. */
export function BankDetailsReadonly({ bank }: { bank: BankAccountDetails }) {
  return (
    <>
      <dl className={styles.details} data-testid="reimbursement-own-bank">
        {bank.BankName ? (
          <div className={styles.detail}>
            <dt>Bank</dt>
            <dd data-testid="reimbursement-own-bank-name">{bank.BankName}</dd>
          </div>
        ) : null}
        <div className={styles.detail}>
          <dt>Account name</dt>
          <dd data-testid="reimbursement-own-account-name">{bank.AccountName}</dd>
        </div>
        <div className={styles.detail}>
          <dt>BSB</dt>
          <dd data-testid="reimbursement-own-bsb">{formatBsb(bank.Bsb)}</dd>
        </div>
        <div className={styles.detail}>
          <dt>Account number</dt>
          <dd data-testid="reimbursement-own-account-number">
            <MaskedAccountNumber masked={bank.AccountNumber} />
          </dd>
        </div>
      </dl>
      {bank.BankName ? <p className={styles.smallPrint}>{BSB_SOURCE}</p> : null}
    </>
  );
}

type OwnBankDetailsProps = {
  /** undefined while loading; null when it could not be loaded. */
  account: Account | null | undefined;
};

export function OwnBankDetails({ account }: OwnBankDetailsProps) {
  if (account === undefined) {
    return (
      <p role="status" data-testid="reimbursement-own-bank-loading">
        Loading your bank details…
      </p>
    );
  }
  if (account === null) {
    return (
      <p className="callout" data-testid="reimbursement-own-bank-unavailable">
        <Icon name="info" />
        <span>
          We could not load your bank details just now. You can still go on: we check them when you send your claim.
        </span>
      </p>
    );
  }
  const bank = account.BankAccountDetails;
  const lock = bankLockMessage(account);
  if (!bank && account.IsStateTrustee) {
    return (
      <div className="callout" data-testid="reimbursement-bank-trustee">
        <Icon name="info" />
        <div>
          <p>
            {STATE_TRUSTEES.managed} {STATE_TRUSTEES.paid}
          </p>
          <p>
            {STATE_TRUSTEES.paidBack} <PhoneLink />.
          </p>
        </div>
      </div>
    );
  }
  if (!bank) {
    return (
      <div className="callout callout--warning" data-testid="reimbursement-bank-not-found">
        <Icon name="warning" />
        <div>
          <p>{MESSAGES.bankDetailsNotFound}</p>
          {lock ? (
            <p data-testid="reimbursement-bank-locked">{lock}</p>
          ) : (
            <p>
              <Link to="/activationbankdetails" data-testid="reimbursement-add-bank-details">
                Add your bank details
              </Link>
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div data-testid="reimbursement-pay-me-details">
      <p>We will pay the claim into this account:</p>
      <BankDetailsReadonly bank={bank} />
      {lock ? (
        <p className="callout" data-testid="reimbursement-bank-locked">
          <Icon name="info" />
          {account.IsStateTrustee ? (
            <span>
              {lock}. {STATE_TRUSTEES.contact} <PhoneLink />.
            </span>
          ) : (
            <span>{lock}</span>
          )}
        </p>
      ) : (
        <p>
          <Link to="/activationbankdetails" data-testid="reimbursement-change-bank-details">
            Change your bank details
          </Link>
        </p>
      )}
    </div>
  );
}
