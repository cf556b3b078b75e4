import { PROVIDER_TIME_ZONE, dateTimeFormat } from '@portal/contracts';

/**
 * A time zone's offset from UTC is the same throughout each quarter hour of UTC: every offset in
 * use is a whole number of quarter hours and changes only at a local :00, :15, :30 or :45. So it
 * is asked of Intl (formatToParts, slow enough to show in a profile of the inbox, which dates
 * every message twice) once per zone and quarter hour, and kept.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();
const MAX_OFFSETS = 10_000;

function zoneOffsetMs(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR_MS;
    const v = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    const format = dateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (const p of format.formatToParts(new Date(at))) {
      if (p.type in v) v[p.type as keyof typeof v] = Number(p.value);
    }
    offset = Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second) - at;
    // Bounded: a long-running process dates instants across many years.
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const DAY_MS = 24 * 60 * 60_000;

/** The instant the calendar day containing `now` began in `timeZone` (off by the shift on a DST change day). */
export function startOfDay(now: number, timeZone = PROVIDER_TIME_ZONE): number {
  const local = now + zoneOffsetMs(now, timeZone);
  return now - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An instant as Melbourne's calendar date ('yyyy-mm-dd') and clock time ('HH:mm'). */
export function localDateTime(ms: number, timeZone = PROVIDER_TIME_ZONE): { date: string; time: string } {
  const local = new Date(ms + zoneOffsetMs(ms, timeZone));
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}
