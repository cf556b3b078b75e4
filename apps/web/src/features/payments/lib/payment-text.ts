/**
 * How a payment is described to the claimant: what it was for (the claims system's words, or
 * its kind's name), who was paid, the period it covers, and its status in words.
 */
import { PAYMENT_KIND_LABELS, PAYMENT_STATUS_LABELS, type ClaimantPayment } from '@portal/contracts';
import { formatLongDate } from '../../../lib/content/dates.ts';

type Payment = Pick<ClaimantPayment, 'Kind' | 'Description' | 'PaidTo' | 'PeriodFrom' | 'PeriodTo' | 'Status'>;

export function whatFor(payment: Pick<Payment, 'Kind' | 'Description'>): string {
  return payment.Description.trim() || PAYMENT_KIND_LABELS[payment.Kind];
}

/** 'Your account ending 123', a provider's name, or 'Not recorded' when the claims system gave neither. */
export function paidToText(paidTo: ClaimantPayment['PaidTo']): string {
  if (paidTo.AccountLast3) return `Your account ending ${paidTo.AccountLast3}`;
  if (paidTo.Name?.trim()) return paidTo.Name.trim();
  return 'Not recorded';
}

/** 'For 1 July 2025 to 7 July 2025' for a periodic payment; null otherwise. */
export function periodText(payment: Pick<Payment, 'PeriodFrom' | 'PeriodTo'>): string | null {
  if (payment.PeriodFrom && payment.PeriodTo) {
    return `For ${formatLongDate(payment.PeriodFrom)} to ${formatLongDate(payment.PeriodTo)}`;
  }
  if (payment.PeriodFrom) return `From ${formatLongDate(payment.PeriodFrom)}`;
  if (payment.PeriodTo) return `Up to ${formatLongDate(payment.PeriodTo)}`;
  return null;
}

export function statusText(status: ClaimantPayment['Status']): string {
  return PAYMENT_STATUS_LABELS[status];
}

/**
 * The loaded pages split as the server orders them: the first `Upcoming` entries are the
 * scheduled payments (soonest first), the rest the history (newest first). Each entry once.
 */
export function splitUpcoming<T extends { PaymentId: string }>(
  items: readonly T[],
  upcoming: number,
): { upcoming: T[]; history: T[] } {
  const seen = new Set<string>();
  const unique = items.filter((p) => (seen.has(p.PaymentId) ? false : (seen.add(p.PaymentId), true)));
  const n = Math.max(0, Math.min(upcoming, unique.length));
  return { upcoming: unique.slice(0, n), history: unique.slice(n) };
}
