/**
 * The route data the sent-item detail pages need (spec 000 §4: "Sent-item pages need route data
 * flagged sent, else /login"): navigation state { sent: true, item }, given by the sent items list.
 */
import type { SentItem } from '../api/get-sent-items.ts';

export type SentDetailState = { sent: true; item: SentItem };

export function sentDetailState(item: SentItem): SentDetailState {
  return { sent: true, item };
}

export function sentDetailOf(state: unknown): SentDetailState | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const s = state as Record<string, unknown>;
  if (s.sent !== true || !s.item || typeof s.item !== 'object' || !('Id' in s.item)) return undefined;
  return { sent: true, item: s.item as SentItem };
}
