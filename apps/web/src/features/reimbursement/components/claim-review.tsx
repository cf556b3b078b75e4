/**
 * The review step (spec 001 Reimbursement form: "Next" goes to review): everything the claim
 * will send, read-only — who is paid, each receipt with its amount, the total, the attached files.
 */
import { MESSAGES, PayOther, formatCents, type Account, type Receipt } from '@portal/contracts';
import { Icon } from '../../../components/icon.tsx';
import { fieldsOf, labelOf, totalCents, type ClaimValues, type ReceiptEntry, type ReceiptField } from '../lib/claim.ts';
import { formatBsb, type BsbLookup } from '../../../lib/api/verify-bsb.ts';
import { BankDetailsReadonly } from './own-bank-details.tsx';
import styles from './reimbursement.module.css';

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value === '' ? <span className={styles.smallPrint}>Not given</span> : value}</dd>
    </div>
  );
}

function PayeeReview({
  values,
  account,
  bankName,
}: {
  values: ClaimValues;
  account: Account | null | undefined;
  bankName: string | null;
}) {
  if (values.payOther === PayOther.Me) {
    const bank = account?.BankAccountDetails;
    return (
      <>
        <p data-testid="review-pay-who">Me, into my bank account</p>
        {bank ? <BankDetailsReadonly bank={bank} /> : null}
      </>
    );
  }
  if (values.payOther === PayOther.Provider) {
    return (
      <>
        <p data-testid="review-pay-who">My provider</p>
        <p className="callout">
          <Icon name="info" />
          <span>
            {MESSAGES.providerCanBill} {MESSAGES.providerInvoicesNotPaid}
          </span>
        </p>
      </>
    );
  }
  const p = values.payee;
  return (
    <>
      <p data-testid="review-pay-who">Someone else</p>
      <dl className={styles.details} data-testid="review-payee">
        <Detail label="Name" value={p.PaymentName.trim()} />
        <Detail label="Postal address" value={p.PaymentAddress} />
        <Detail label="Email address" value={p.PaymentEmail.trim()} />
        <Detail label="Phone number" value={p.PaymentPhone.trim()} />
        <Detail label="Relationship to you" value={p.PaymentRelationship.trim()} />
        <Detail label="Bank account name" value={p.BankAccName.trim()} />
        <Detail
          label="BSB"
          value={bankName ? `${formatBsb(p.BankBSB.trim())} (${bankName})` : formatBsb(p.BankBSB.trim())}
          testId="review-payee-bsb"
        />
        <Detail label="Account number" value={p.BankAccNo} />
      </dl>
    </>
  );
}

type ClaimReviewProps = {
  values: ClaimValues;
  /** The receipts as the contracts parsed them (amounts formatted), in the order of `values.receipts`. */
  parsed: readonly Receipt[];
  account: Account | null | undefined;
  bsbLookup: BsbLookup | null;
};

export function ClaimReview({ values, parsed, account, bsbLookup }: ClaimReviewProps) {
  const bsb = formatBsb(values.payee.BankBSB.trim());
  const bankName = bsbLookup?.state === 'found' && bsbLookup.bsb === bsb ? bsbLookup.bankName : null;
  const total = formatCents(totalCents(values.receipts));
  return (
    <>
      <section className={styles.reviewBlock} aria-labelledby="review-receipts-title" data-testid="review-receipts">
        <h3 id="review-receipts-title">Receipts</h3>
        {values.receipts.map((entry: ReceiptEntry, index) => {
          const receipt = parsed[index] as (Receipt & Record<string, string>) | undefined;
          if (!receipt || !entry.kind) return null;
          const kind = entry.kind;
          return (
            <div key={entry.key} className={styles.receiptReview} data-testid="review-receipt">
              <h4>
                Receipt {index + 1}: {kind}
              </h4>
              <dl className={styles.details}>
                {fieldsOf(kind).map((field: ReceiptField) => (
                  <Detail
                    key={field}
                    label={labelOf(kind, field)}
                    value={receipt[field] ?? ''}
                    testId={`review-receipt-${field}`}
                  />
                ))}
              </dl>
            </div>
          );
        })}
        <p className={styles.total} data-testid="review-total">
          <span>Total claimed</span>
          <span>{total}</span>
        </p>
      </section>
      <section className={styles.reviewBlock} aria-labelledby="review-payee-title" data-testid="review-payee-section">
        <h3 id="review-payee-title">Who we will pay</h3>
        <PayeeReview values={values} account={account} bankName={bankName} />
      </section>
      <section className={styles.reviewBlock} aria-labelledby="review-files-title" data-testid="review-files">
        <h3 id="review-files-title">Attached documents</h3>
        <ul className={styles.files}>
          {values.documents.map((d) => (
            <li key={d.FileID} data-testid="review-file">
              {d.Filename}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
