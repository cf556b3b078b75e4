import { dateTimeFormat } from '@portal/contracts';

export const PROVIDER_TIME_ZONE = 'Australia/Melbourne';

/** The instant the calendar day containing `now` began in `timeZone` (off by the shift on a DST change day). */
export function startOfDay(now: number, timeZone = PROVIDER_TIME_ZONE): number {
  const parts = dateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(now));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return now - ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 - (now % 1000);
}

/** An instant as Melbourne's calendar date ('yyyy-mm-dd') and clock time ('HH:mm'). */
export function localDateTime(ms: number, timeZone = PROVIDER_TIME_ZONE): { date: string; time: string } {
  const v = { year: '0000', month: '00', day: '00', hour: '00', minute: '00' };
  for (const p of dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms))) {
    if (p.type in v) v[p.type as keyof typeof v] = p.value;
  }
  return { date: `${v.year}-${v.month}-${v.day}`, time: `${v.hour}:${v.minute}` };
}
