/**
 * The claim home's panel: the next scheduled payment (date and amount) and the decisions of the
 * last 30 days, each linking to where the claimant reads more. Nothing at all when there is
 * neither, while it loads, or when it cannot be read (the rest of the home page does not depend
 * on it).
 */
import { DECISION_OUTCOME_LABELS, PAYMENT_KIND_LABELS } from '@portal/contracts';
import { Link } from 'react-router';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { usePaymentsSummary } from '../api/get-payments-summary.ts';
import { formatLongDate } from '../../../lib/content/dates.ts';
import { formatAud } from '../lib/money.ts';
import styles from './payments.module.css';

export function HomePaymentsPanel() {
  const { selectedClaim } = useClaims();
  const summary = usePaymentsSummary(selectedClaim?.Number);
  const next = summary.data?.NextPayment ?? null;
  const decisions = summary.data?.RecentDecisions ?? [];
  if (!next && decisions.length === 0) return null;

  return (
    <section className={styles.homePanel} aria-labelledby="home-payments-heading" data-testid="home-payments">
      <h2 id="home-payments-heading">Payments and decisions</h2>
      {next ? (
        <p data-testid="home-next-payment">
          Your next payment is <span className={styles.homeAmount}>{formatAud(next.AmountCents)}</span> on{' '}
          <time dateTime={next.Date}>{formatLongDate(next.Date)}</time>: {PAYMENT_KIND_LABELS[next.Kind]}.
        </p>
      ) : null}
      {decisions.length > 0 ? (
        <>
          <p id="home-decisions-label">
            {decisions.length === 1 ? 'A decision in the last 30 days:' : 'Decisions in the last 30 days:'}
          </p>
          <ul className={styles.decisionList} aria-labelledby="home-decisions-label" data-testid="home-decisions">
            {decisions.map((d) => (
              <li key={`${d.SentItemId}-${d.Date}`} data-testid="home-decision">
                <Link to={`/sentitems?item=${encodeURIComponent(d.SentItemId)}`}>{d.Subject}</Link>:{' '}
                {DECISION_OUTCOME_LABELS[d.Outcome]}, <time dateTime={d.Date}>{formatLongDate(d.Date)}</time>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/payments" data-testid="home-payments-link">
          See all your payments
        </Link>
      </p>
    </section>
  );
}
