/**
 * Dates in words (payments, decisions, what is needed by when), in Melbourne time: a calendar date ('yyyy-mm-dd', already a
 * Melbourne date) is shown as it is; an instant (an ISO timestamp) is first turned into the
 * Melbourne calendar date it fell on. Shown as '3 July 2025' — the month in words, so a date is
 * never read the American way round (and not through Intl's abbreviations, which differ between
 * ICU versions: 'Jul' in one, 'July' in another).
 */
import { PROVIDER_TIME_ZONE, isoToday } from '@portal/contracts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** The Melbourne calendar date of a date or an instant. */
export function melbourneDate(value: string): string {
  if (ISO_DATE.test(value)) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not a date: ${value}`);
  return isoToday(instant, PROVIDER_TIME_ZONE);
}

/** '2025-07-03' (or an instant that was that day in Melbourne) → '3 July 2025'. */
export function formatLongDate(value: string): string {
  const m = ISO_DATE.exec(melbourneDate(value));
  if (!m) throw new RangeError(`not a date: ${value}`);
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}
