/** How the messaging screens show the server's Melbourne times ('HH:mm') and dates ('yyyy-mm-dd'). */
import { formatDisplayDate } from '@portal/contracts';

/** '14:05' → '2:05pm'; anything else is shown as it came. */
export function formatTime(hhmm: string): string {
  const m = /^([0-9]{2}):([0-9]{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const hours = Number(m[1]);
  const suffix = hours < 12 ? 'am' : 'pm';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${m[2]}${suffix}`;
}

/** '2:05pm, 21/11/2026' — time and date, as the panels show them. */
export function formatTimeAndDate(hhmm: string, isoDate: string): string {
  return `${formatTime(hhmm)}, ${formatDisplayDate(isoDate)}`;
}

/** The machine-readable form for <time dateTime>. */
export function dateTimeAttribute(hhmm: string, isoDate: string): string {
  return `${isoDate}T${hhmm}`;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
