/**
 * Where a sent item is up to: the steps Sent → Received → In assessment → Decision → Paid, each
 * with its date, as an ordered list (the step reached last is marked "Now" in words and with
 * aria-current, never by colour alone); then the decision (decision-details.tsx) and the payments
 * that settle it. A decline has no green ticks: its steps are marked in a neutral colour and its
 * decision step by its number (decision 034).
 */
import { DECISION_OUTCOME_LABELS, type SentItemProgress as Progress } from '@portal/contracts';
import { Link } from 'react-router';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { formatLongDate } from '../../../lib/content/dates.ts';
import { useSentItemProgress } from '../api/get-sent-item-progress.ts';
import { formatAud } from '../lib/money.ts';
import { statusText } from '../lib/payment-text.ts';
import { DecisionDetails } from './decision-details.tsx';
import styles from './payments.module.css';

type Step = Progress['Steps'][number];

/** The index of the step reached last (the current one), or -1 before any. */
export function currentStepIndex(steps: readonly Step[]): number {
  let current = -1;
  steps.forEach((step, i) => {
    if (step.Done) current = i;
  });
  return current;
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
  const declined = decision?.Outcome === 'declined';
  return (
    <>
      <ol className={styles.steps} data-outcome={decision?.Outcome} data-testid="sent-progress-steps">
        {progress.Steps.map((step, i) => {
          const state = step.Done ? (i === current ? 'current' : 'done') : 'todo';
          const name =
            // The outcome names the step once it is decided: a request for more information is not the decision.
            step.Step === 'Decision' && decision && step.Done
              ? `Decision: ${DECISION_OUTCOME_LABELS[decision.Outcome]}`
              : step.Step;
          return (
            <li
              key={step.Step}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              data-testid="sent-progress-step"
            >
              <span className={styles.marker} aria-hidden="true">
                {step.Done && !(declined && step.Step === 'Decision') ? '✓' : i + 1}
              </span>
              <span>
                <span className={styles.stepName}>{name}</span>
                {state === 'current' ? <span className={styles.currentTag}>Now</span> : null}
                <span className={styles.stepDate}>
                  {step.Done ? (
                    step.Date ? (
                      <>
                        <span className="visually-hidden">Done on </span>
                        <time dateTime={step.Date}>{formatLongDate(step.Date)}</time>
                      </>
                    ) : (
                      'Done'
                    )
                  ) : step.Step === 'Paid' && declined ? (
                    'No payment'
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
                {formatAud(p.AmountCents)}, <time dateTime={p.Date}>{formatLongDate(p.Date)}</time> (
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
