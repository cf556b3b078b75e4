/**
 * Where a sent item is up to: the steps Sent → Received → In assessment → Decision → Paid, each
 * with its date, as an ordered list (the step reached last is marked "Now" in words and with
 * aria-current, never by colour alone); then the decision — its reason, what is needed and by
 * when, how to ask for a review, each receipt line's amount approved and why, the letter — and
 * the payments that settle it.
 */
import { DECISION_OUTCOME_LABELS, type SentItemProgress as Progress } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { respondingTo } from '../../../lib/responds-to.ts';
import { downloadUploadedFile, showFile } from '../../../lib/upload.ts';
import { useSentItemProgress } from '../api/get-sent-item-progress.ts';
import { formatPaymentDate } from '../lib/dates.ts';
import { formatAud } from '../lib/money.ts';
import { statusText } from '../lib/payment-text.ts';
import styles from './payments.module.css';

type Step = Progress['Steps'][number];
type Decision = NonNullable<Progress['Decision']>;

/** The index of the step reached last (the current one), or -1 before any. */
export function currentStepIndex(steps: readonly Step[]): number {
  let current = -1;
  steps.forEach((step, i) => {
    if (step.Done) current = i;
  });
  return current;
}

/** The form that answers "more information needed": the reimbursement form for a reimbursement, else Upload documents. */
export function replyFormOf(type: string): { to: string; label: string } {
  return type.trim().toLowerCase() === 'reimbursement'
    ? { to: '/reimbursementform', label: 'Claim reimbursement' }
    : { to: '/submitdocuments', label: 'Upload documents' };
}

export function SentItemProgress({ sentItemId, headingId }: { sentItemId: string; headingId: string }) {
  const { selectedClaim } = useClaims();
  const progress = useSentItemProgress(selectedClaim?.Number, sentItemId);

  return (
    <section className={styles.progress} aria-labelledby={headingId} data-testid="sent-progress">
      <h3 id={headingId} className={styles.subheading}>
        Where it is up to
      </h3>
      {progress.data ? (
        <ProgressBody progress={progress.data} />
      ) : progress.isError ? (
        <div data-testid="sent-progress-error">
          <p className={styles.note}>Sorry, we could not load where this is up to just now.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void progress.refetch()}
            disabled={progress.isFetching}
          >
            {progress.isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      ) : (
        <p role="status" className={styles.loading} data-testid="sent-progress-loading">
          Loading where this is up to…
        </p>
      )}
    </section>
  );
}

function ProgressBody({ progress }: { progress: Progress }) {
  const current = currentStepIndex(progress.Steps);
  const decision = progress.Decision;
  return (
    <>
      <ol className={styles.steps} data-testid="sent-progress-steps">
        {progress.Steps.map((step, i) => {
          const state = step.Done ? (i === current ? 'current' : 'done') : 'todo';
          const name =
            step.Step === 'Decision' && decision ? `Decision: ${DECISION_OUTCOME_LABELS[decision.Outcome]}` : step.Step;
          return (
            <li
              key={step.Step}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              data-testid="sent-progress-step"
            >
              <span className={styles.marker} aria-hidden="true">
                {step.Done ? '✓' : i + 1}
              </span>
              <span>
                <span className={styles.stepName}>{name}</span>
                {state === 'current' ? <span className={styles.currentTag}>Now</span> : null}
                <span className={styles.stepDate}>
                  {step.Done ? (
                    step.Date ? (
                      <>
                        <span className="visually-hidden">Done on </span>
                        <time dateTime={step.Date}>{formatPaymentDate(step.Date)}</time>
                      </>
                    ) : (
                      'Done'
                    )
                  ) : step.Step === 'Paid' && decision?.Outcome === 'declined' ? (
                    'No payment: it was declined'
                  ) : (
                    'Not yet'
                  )}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {decision ? (
        <DecisionDetails
          decision={decision}
          type={progress.Type}
          subject={progress.Subject}
          sentItemId={progress.SentItemId}
        />
      ) : null}
      {progress.Payments.length > 0 ? (
        <div data-testid="sent-progress-payments">
          <h4 className={styles.subheading}>Payments for it</h4>
          <ul>
            {progress.Payments.map((p) => (
              <li key={p.PaymentId}>
                {formatAud(p.AmountCents)}, <time dateTime={p.Date}>{formatPaymentDate(p.Date)}</time> (
                {statusText(p.Status)})
              </li>
            ))}
          </ul>
          <p>
            <Link to="/payments?year=all">See all your payments</Link>
          </p>
        </div>
      ) : null}
    </>
  );
}

function DecisionDetails({
  decision,
  type,
  subject,
  sentItemId,
}: {
  decision: Decision;
  type: string;
  subject: string;
  sentItemId: string;
}) {
  const reply = replyFormOf(type);
  return (
    <div className={styles.decision} data-testid="sent-progress-decision" data-outcome={decision.Outcome}>
      <h4 className={styles.subheading}>
        {DECISION_OUTCOME_LABELS[decision.Outcome]},{' '}
        <time dateTime={decision.Date}>{formatPaymentDate(decision.Date)}</time>
      </h4>
      {decision.Reason ? <p data-testid="sent-progress-reason">{decision.Reason}</p> : null}
      {decision.Outcome === 'more-information-needed' ? (
        <>
          {decision.Needed ? (
            <p data-testid="sent-progress-needed">
              <strong>What we need: </strong>
              {decision.Needed}
            </p>
          ) : null}
          {decision.NeededBy ? (
            <p>
              <strong>Please send it by </strong>
              <time dateTime={decision.NeededBy}>{formatPaymentDate(decision.NeededBy)}</time>.
            </p>
          ) : null}
          <div className={styles.actions}>
            <Link to={respondingTo(reply.to, sentItemId)} className="button" data-testid="sent-progress-reply">
              {reply.label}
            </Link>
          </div>
          <p className={styles.note} data-testid="sent-progress-reply-note">
            What you send there is sent as your answer to “{subject}”.
          </p>
        </>
      ) : null}
      {decision.Outcome === 'declined' && decision.Review ? (
        <p data-testid="sent-progress-review">
          <strong>How to ask for a review: </strong>
          {decision.Review}
        </p>
      ) : null}
      {decision.Lines.length > 0 ? <DecisionLines lines={decision.Lines} /> : null}
      {decision.Letter ? <LetterDownload letter={decision.Letter} /> : null}
    </div>
  );
}

function DecisionLines({ lines }: { lines: Decision['Lines'] }) {
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

function LetterDownload({ letter }: { letter: NonNullable<Decision['Letter']> }) {
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
