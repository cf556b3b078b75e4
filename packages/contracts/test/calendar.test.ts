import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  enquiryReplyBy,
  isCallLineOpen,
  isWorkingDay,
  reimbursementPayBy,
  VIC_PUBLIC_HOLIDAYS,
} from '../src/calendar.ts';

const at = (iso: string) => new Date(iso);

describe('call line hours (8:30am–5:30pm Monday–Friday, Melbourne time)', () => {
  describe('daylight saving (AEDT, UTC+11)', () => {
    it('opens at 8:30 on a Monday morning, when it is still Sunday in UTC', () => {
      expect(isCallLineOpen(at('2026-11-22T21:29:59Z'))).toBe(false); // Mon 08:29:59
      expect(isCallLineOpen(at('2026-11-22T21:30:00Z'))).toBe(true); // Mon 08:30
    });
    it('closes at 5:30pm', () => {
      expect(isCallLineOpen(at('2026-11-23T06:29:59Z'))).toBe(true); // Mon 17:29:59
      expect(isCallLineOpen(at('2026-11-23T06:30:00Z'))).toBe(false); // Mon 17:30
    });
    it('is closed all weekend, Friday evening to Monday morning', () => {
      expect(isCallLineOpen(at('2026-11-27T06:29:00Z'))).toBe(true); // Fri 17:29
      expect(isCallLineOpen(at('2026-11-27T06:30:00Z'))).toBe(false); // Fri 17:30
      expect(isCallLineOpen(at('2026-11-27T22:00:00Z'))).toBe(false); // Sat 09:00 (a UTC Friday)
      expect(isCallLineOpen(at('2026-11-29T00:00:00Z'))).toBe(false); // Sun 11:00
    });
  });
  describe('standard time (AEST, UTC+10)', () => {
    it('opens at 8:30 and closes at 5:30pm', () => {
      expect(isCallLineOpen(at('2026-06-08T22:29:00Z'))).toBe(false); // Tue 08:29
      expect(isCallLineOpen(at('2026-06-08T22:30:00Z'))).toBe(true); // Tue 08:30
      expect(isCallLineOpen(at('2026-06-09T07:29:00Z'))).toBe(true); // Tue 17:29
      expect(isCallLineOpen(at('2026-06-09T07:30:00Z'))).toBe(false); // Tue 17:30
    });
    it('is closed on Saturday morning, a UTC Friday', () => {
      expect(isCallLineOpen(at('2026-06-12T23:00:00Z'))).toBe(false); // Sat 09:00
    });
  });
  it('follows the change of season: 8:30 is 21:30 UTC before the change and 22:30 after', () => {
    // Daylight saving ends Sunday 5 April 2026; Monday 6 April is Easter Monday, so use Tuesday.
    expect(isCallLineOpen(at('2026-04-06T21:30:00Z'))).toBe(false); // Tue 07:30 AEST
    expect(isCallLineOpen(at('2026-04-06T22:30:00Z'))).toBe(true); // Tue 08:30 AEST
    // Daylight saving starts Sunday 4 October 2026.
    expect(isCallLineOpen(at('2026-10-04T21:30:00Z'))).toBe(true); // Mon 08:30 AEDT
    expect(isCallLineOpen(at('2026-10-05T06:30:00Z'))).toBe(false); // Mon 17:30 AEDT
  });
});

describe('working days and the reply-by date', () => {
  it('lists only real dates, in order, with none twice', () => {
    for (const d of VIC_PUBLIC_HOLIDAYS) expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
    expect([...VIC_PUBLIC_HOLIDAYS].sort()).toEqual(VIC_PUBLIC_HOLIDAYS);
    expect(new Set(VIC_PUBLIC_HOLIDAYS).size).toBe(VIC_PUBLIC_HOLIDAYS.length);
  });
  it('skips weekends and public holidays', () => {
    expect(isWorkingDay('2026-11-23')).toBe(true);
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-03')).toBe(false); // Melbourne Cup
    expect(addWorkingDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday → Monday
    expect(addWorkingDays('2026-10-30', 2)).toBe('2026-11-04'); // over the weekend and Cup day
  });
  it('answers enquiries within 10 working days, across Christmas', () => {
    // Sent Monday 21 December 2026: 25th and 28th are holidays, 1 January too.
    expect(enquiryReplyBy(at('2026-12-20T23:00:00Z'))).toBe('2027-01-07');
  });
  it('counts from the Melbourne date of sending, not the UTC one', () => {
    // 9:00am Monday 23 Nov in Melbourne is still Sunday in UTC.
    expect(enquiryReplyBy(at('2026-11-22T22:00:00Z'))).toBe('2026-12-07');
  });
  it("gives a reimbursement claim the spec's 10 business days the same way", () => {
    expect(reimbursementPayBy(at('2026-12-20T23:00:00Z'))).toBe('2027-01-07');
    expect(reimbursementPayBy(at('2026-11-22T22:00:00Z'))).toBe('2026-12-07');
  });
});
