/**
 * Where a sent item stands, in words (beyond the spec; decision 034): the claims system's
 * decision when there is one, else Received, In progress or Completed. A request for more
 * information also says by when it is needed, or that the claimant has answered it.
 */
import { formatLongDate } from '../../../lib/content/dates.ts';
import type { SentItem } from '../api/get-sent-items.ts';
import { sentStateOf, type SentState } from '../lib/sent-state.ts';
import styles from './messaging.module.css';

/** `labelled`: a visible label says "Status" already (the detail's list of facts). */
export function SentStatus({
  item,
  labelled = false,
}: {
  item: Pick<SentItem, 'Status' | 'Decision'>;
  labelled?: boolean;
}) {
  const state = sentStateOf(item);
  return (
    <span className={styles.status} data-tone={state.tone} data-testid="sent-item-status">
      {labelled ? null : <span className="visually-hidden">Status: </span>}
      {state.label}
    </span>
  );
}

/** The line under the badge: needed by when, or when the claimant answered; null when there is nothing to add. */
export function sentStateNote(state: SentState): string | null {
  if (state.answeredOn) return `You sent more information on ${formatLongDate(state.answeredOn)}`;
  if (state.tone !== 'action') return null;
  return state.neededBy ? `Needed by ${formatLongDate(state.neededBy)}` : 'Needed as soon as you can';
}
