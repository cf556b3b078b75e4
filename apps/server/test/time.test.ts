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
