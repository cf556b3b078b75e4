/**
 * What a sent item's badge says (decision 034): the claims system's decision in words when there
 * is one — Approved, Partly approved, Declined, We need something from you — else where it is up
 * to (Received, In progress, Completed). A request for more information the claimant has answered
 * from the portal says so. The tone only styles the badge: the words carry the meaning.
 */
import { DECISION_OUTCOME_LABELS } from '@portal/contracts';
import type { SentItem } from '../api/get-sent-items.ts';

type SentTone = 'received' | 'in-progress' | 'completed' | 'approved' | 'partly' | 'declined' | 'action';

export type SentState = {
  label: string;
  tone: SentTone;
  /** More information needed, not yet answered: the date it is needed by (or null when none was given). */
  neededBy?: string | null;
  /** More information needed and answered from the portal: the day it was sent. */
  answeredOn?: string;
};

const STATUS_TONE: Record<SentItem['Status'], SentTone> = {
  Received: 'received',
  'In progress': 'in-progress',
  Completed: 'completed',
};

export function sentStateOf(item: Pick<SentItem, 'Status' | 'Decision'>): SentState {
  const d = item.Decision;
  if (!d) return { label: item.Status, tone: STATUS_TONE[item.Status] };
  switch (d.Outcome) {
    case 'approved':
      return { label: DECISION_OUTCOME_LABELS.approved, tone: 'approved' };
    case 'partly-approved':
      return { label: DECISION_OUTCOME_LABELS['partly-approved'], tone: 'partly' };
    case 'declined':
      return { label: DECISION_OUTCOME_LABELS.declined, tone: 'declined' };
    case 'more-information-needed':
      return d.AnsweredOn
        ? { label: 'More information sent', tone: 'in-progress', answeredOn: d.AnsweredOn }
        : { label: DECISION_OUTCOME_LABELS['more-information-needed'], tone: 'action', neededBy: d.NeededBy };
  }
}
