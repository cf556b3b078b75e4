/** A financial year's totals: what was paid in it (payments with the status Paid) and the taxable part. */
import { financialYearLabel, type PaymentsPage } from '@portal/contracts';
import { formatAud } from '../lib/money.ts';
import { financialYearSpan } from '../lib/financial-year.ts';
import styles from './payments.module.css';

type Totals = NonNullable<PaymentsPage['YearTotals']>;

export function YearTotals({ totals }: { totals: Totals }) {
  const year = financialYearLabel(totals.FinancialYear);
  return (
    <div className={styles.totals} data-testid="payments-totals">
      <dl className={styles.totalsList}>
        <div>
          <dt>Total paid in {year}</dt>
          <dd data-testid="payments-total">{formatAud(totals.TotalCents)}</dd>
        </div>
        <div>
          <dt>Taxable part</dt>
          <dd data-testid="payments-taxable">{formatAud(totals.TaxableCents)}</dd>
        </div>
      </dl>
      <p className={styles.note}>
        Payments made from {financialYearSpan(totals.FinancialYear)}. Scheduled, cancelled and returned payments are not
        counted. Your statement lists each one, for your tax return.
      </p>
    </div>
  );
}
