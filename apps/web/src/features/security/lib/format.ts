/** How the sign-in and security screens show the server's instants: in Melbourne time, as the claims system does. */
import { dateTimeFormat } from '@portal/contracts';

const MELBOURNE: Intl.DateTimeFormatOptions = {
  timeZone: 'Australia/Melbourne',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};

/** An instant (epoch ms, as the server sends them) → '25 November 2026, 2:04 pm' in Melbourne. */
export function formatMelbourne(epochMs: number): string {
  const at = new Date(epochMs);
  if (Number.isNaN(at.getTime())) return '';
  return dateTimeFormat('en-AU', MELBOURNE).format(at).replace(' at ', ', ');
}
