/**
 * Today in the provider's time zone, and the financial year a date is in — without zod, so the web
 * app's first download may use them (a page's first reads are made from them as the app starts).
 */
import { PROVIDER_TIME_ZONE } from './constants.ts';
import { dateTimeFormat } from './intl.ts';

/** Today's calendar date in the provider's time zone, as 'yyyy-mm-dd'. */
export function isoToday(now: Date = new Date(), timeZone = PROVIDER_TIME_ZONE): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The financial year a date 'yyyy-mm-dd' is in, named by the year it starts in (2025: 1 July 2025 – 30 June 2026). */
export function financialYearOf(date: string): number {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m >= 7 ? y : y - 1;
}
