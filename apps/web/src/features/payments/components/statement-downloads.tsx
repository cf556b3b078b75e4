/**
 * The year's statement, as a PDF (for reading, printing, a tax return) and as a CSV (for a
 * spreadsheet). Each button says what it downloads; while one is being prepared it says so, and
 * the status region announces when it is saved.
 */
import { financialYearLabel } from '@portal/contracts';
import { useState } from 'react';
import { showFile } from '../../../lib/uploads/upload.ts';
import { getPaymentStatement, type StatementFormat } from '../api/get-payment-statement.ts';
import styles from './payments.module.css';

const FORMATS: readonly { format: StatementFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'csv', label: 'CSV for a spreadsheet' },
];

export function StatementDownloads({ financialYear }: { financialYear: number }) {
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [status, setStatus] = useState('');
  const year = financialYearLabel(financialYear);

  const download = async (format: StatementFormat) => {
    if (busy) return;
    setBusy(format);
    setStatus(`Preparing your ${year} statement`);
    try {
      const got = await getPaymentStatement(financialYear, format);
      showFile(got.blob, got.filename ?? `payments-${year}.${format}`, 'save');
      setStatus(`Your ${year} statement (${format.toUpperCase()}) is downloaded`);
    } catch {
      setStatus(''); // the request layer's alert says why
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.statements}>
      <h3 className={styles.subheading}>Statement for {year}</h3>
      <ul className={styles.statementList}>
        {FORMATS.map(({ format, label }) => (
          <li key={format}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void download(format)}
              aria-disabled={busy !== null ? true : undefined}
              data-testid={`payments-statement-${format}`}
            >
              {busy === format ? 'Preparing…' : `Download ${label}`}
              <span className="visually-hidden"> statement for {year}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="payments-statement-status">
        {status}
      </p>
    </div>
  );
}
