/**
 * /sentitemdetail and /sent-item-detail (spec 001 §2: both spellings, one screen; title "Sent
 * Message"): a sent item on a page of its own, as the app mode shows it. Guarded like the spec
 * says: without the route data flagged sent (navigation state from the sent items list) the
 * claimant goes to /login (whose guard sends a signed-in claimant on to /claims).
 */
import { Link, Navigate, useLocation } from 'react-router';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { SentItemDetail, type SentItemProgressSlot } from '../components/sent-item-detail.tsx';
import { sentDetailOf } from './sent-item-detail-state.ts';
import styles from '../components/messaging.module.css';

export function SentItemDetailPage({ progress }: { progress?: SentItemProgressSlot } = {}) {
  const location = useLocation();
  const { selectedClaim } = useClaims();
  const state = sentDetailOf(location.state);
  if (!state) return <Navigate to="/login" replace />;
  return (
    <div className={styles.fullPage}>
      <SentItemDetail
        item={state.item}
        claimNumber={selectedClaim?.Number}
        headingId="sent-detail-heading"
        progress={progress}
      />
      <p>
        <Link to="/sentitems" data-testid="sent-detail-to-list">
          All sent items
        </Link>
      </p>
    </div>
  );
}
