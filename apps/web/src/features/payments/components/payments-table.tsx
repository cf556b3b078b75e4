/**
 * A table of payments: date, what it was for, amount, status and who was paid. A real table
 * with its caption and column headers; below 680 px each row is drawn as a card, each value
 * under its column's name. No ARIA table roles are spelled out: HTML forbids them on a table's
 * own rows and cells, and Chromium keeps the table's semantics when CSS draws rows as blocks
 * (e2e/tests/payments.test.ts reads the rows by role at 375 px; decision 036).
 */
import type { ClaimantPayment } from '@portal/contracts';
import { formatLongDate } from '../../../lib/content/dates.ts';
import { formatAud } from '../lib/money.ts';
import { paidToText, periodText, whatFor } from '../lib/payment-text.ts';
import { PaymentStatus } from './payment-status.tsx';
import styles from './payments.module.css';

export function paymentDomId(id: string): string {
  return `payment-${id}`;
}

type Props = {
  caption: string;
  payments: readonly ClaimantPayment[];
  testId: string;
  /** Rows that take the focus after "Load more" need to be focusable. */
  focusableRows?: boolean;
};

const COLUMNS = ['Date', 'What it was for', 'Amount', 'Status', 'Paid to'] as const;

export function PaymentsTable({ caption, payments, testId, focusableRows = false }: Props) {
  return (
    <table className={styles.table} data-testid={testId}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className={c === 'Amount' ? styles.amountHeader : undefined}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => {
          const period = periodText(p);
          return (
            <tr
              key={p.PaymentId}

              id={paymentDomId(p.PaymentId)}
              tabIndex={focusableRows ? -1 : undefined}
              data-testid={`${testId}-row`}
              data-payment-id={p.PaymentId}
            >
              <th scope="row" data-label="Date">
                <span>
                  <time dateTime={p.Date}>{formatLongDate(p.Date)}</time>
                </span>
              </th>
              <td data-label="What it was for">
                <span>
                  <span className={styles.whatFor}>{whatFor(p)}</span>
                  {period ? <span className={styles.period}>{period}</span> : null}
                  {p.Settles.length > 0 ? (
                    <span className={styles.period}>
                      For what you sent: {p.Settles.map((s) => s.Subject).join(', ')}
                    </span>
                  ) : null}
                </span>
              </td>
              <td data-label="Amount" className={styles.amount} data-testid="payment-amount">
                <span>
                  {formatAud(p.AmountCents)}
                  {p.GstCents > 0 ? <span className={styles.period}>includes {formatAud(p.GstCents)} GST</span> : null}
                </span>
              </td>
              <td data-label="Status">
                <span>
                  <PaymentStatus status={p.Status} />
                </span>
              </td>
              <td data-label="Paid to">
                <span>{paidToText(p.PaidTo)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
