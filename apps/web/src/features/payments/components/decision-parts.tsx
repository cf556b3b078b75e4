/** The parts of a decision: each receipt line's amount approved and why, and the decision letter to download. */
import type { SentItemProgress as Progress } from '@portal/contracts';
import { useState } from 'react';
import { downloadUploadedFile, showFile } from '../../../lib/uploads/upload.ts';
import { formatAud } from '../lib/money.ts';
import styles from './payments.module.css';

type Decision = NonNullable<Progress['Decision']>;

export function DecisionLines({ lines }: { lines: Decision['Lines'] }) {
  return (
    <div className={styles.lines}>
      <table className={styles.table} data-testid="sent-progress-lines">
        <caption className={styles.caption}>Each receipt: the amount approved and why</caption>
        <thead>
          <tr>
            <th scope="col">Receipt</th>
            <th scope="col" className={styles.amountHeader}>
              Claimed
            </th>
            <th scope="col" className={styles.amountHeader}>
              Approved
            </th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.Line} data-testid="sent-progress-line">
              <th scope="row" data-label="Receipt">
                <span>{line.Description || `Receipt ${line.Line}`}</span>
              </th>
              <td data-label="Claimed" className={styles.amount}>
                <span>{line.ClaimedCents === null ? 'Not given' : formatAud(line.ClaimedCents)}</span>
              </td>
              <td data-label="Approved" className={styles.amount} data-testid="sent-progress-line-approved">
                <span>{formatAud(line.ApprovedCents)}</span>
              </td>
              <td data-label="Reason">
                <span>{line.Reason || '—'}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LetterDownload({ letter }: { letter: NonNullable<Decision['Letter']> }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const download = async () => {
    if (busy) return;
    setBusy(true);
    setStatus('Downloading the decision letter');
    try {
      const got = await downloadUploadedFile(letter.FileId, 'Downloading the letter');
      showFile(got.blob, got.filename ?? letter.Filename, 'save');
      setStatus('The decision letter is downloaded');
    } catch {
      setStatus(''); // the request layer's alert says why
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        aria-disabled={busy ? true : undefined}
        data-testid="sent-progress-letter"
      >
        {busy ? 'Downloading…' : 'Download the decision letter'}
        <span className="visually-hidden"> ({letter.Filename})</span>
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
