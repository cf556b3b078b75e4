import { describe, expect, it } from 'vitest';
import { localDateTime, startOfDay } from '../src/lib/time.ts';

describe('Melbourne local date and time', () => {
  it('follows daylight saving and crosses midnight into the next day (and year)', () => {
    expect(localDateTime(Date.UTC(2026, 0, 1, 0, 0))).toEqual({ date: '2026-01-01', time: '11:00' });
    expect(localDateTime(Date.UTC(2026, 6, 1, 0, 0))).toEqual({ date: '2026-07-01', time: '10:00' });
    expect(localDateTime(Date.UTC(2026, 11, 31, 13, 30))).toEqual({ date: '2027-01-01', time: '00:30' });
    // 5 April 2026, 3:00am daylight time becomes 2:00am standard time.
    expect(localDateTime(Date.UTC(2026, 3, 4, 15, 59))).toEqual({ date: '2026-04-05', time: '02:59' });
    expect(localDateTime(Date.UTC(2026, 3, 4, 16, 0))).toEqual({ date: '2026-04-05', time: '02:00' });
  });

  it('names the start of the local day', () => {
    const noon = Date.UTC(2026, 6, 1, 2, 0); // 12:00 in Melbourne
    expect(localDateTime(startOfDay(noon))).toEqual({ date: '2026-07-01', time: '00:00' });
  });
});

describe('the cached zone offsets agree with Intl', () => {
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Melbourne',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const byIntl = (ms: number) => {
    const v: Record<string, string> = {};
    for (const p of intl.formatToParts(new Date(ms))) v[p.type] = p.value;
    return { date: `${v.year}-${v.month}-${v.day}`, time: `${v.hour}:${v.minute}` };
  };

  it('minute by minute around both daylight-saving changes of 2026, and at random instants over 30 years', () => {
    // 5 April 2026 03:00 → 02:00, 4 October 2026 02:00 → 03:00 (Melbourne).
    for (const change of [Date.UTC(2026, 3, 4, 16, 0), Date.UTC(2026, 9, 3, 16, 0)]) {
      for (let m = -120; m <= 120; m++) {
        const ms = change + m * 60_000 + 17_123;
        expect(localDateTime(ms)).toEqual(byIntl(ms));
      }
    }
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const ms = Date.UTC(2000, 0, 1) + Math.floor(random() * 30 * 365.25 * 24 * 3600_000);
      expect(localDateTime(ms)).toEqual(byIntl(ms));
    }
  });

  it('starts the day at local midnight in summer and in winter', () => {
    expect(localDateTime(startOfDay(Date.UTC(2026, 0, 15, 12, 34, 56, 789)))).toEqual({
      date: '2026-01-15',
      time: '00:00',
    });
    expect(startOfDay(Date.UTC(2026, 0, 15, 12, 34, 56, 789))).toBe(Date.UTC(2026, 0, 14, 13, 0));
    expect(startOfDay(Date.UTC(2026, 6, 15, 12, 34, 56, 789))).toBe(Date.UTC(2026, 6, 14, 14, 0));
  });
});
