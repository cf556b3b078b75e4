/**
 * Payments (web side): money in integer cents shown as AUD, the Australian financial year
 * (1 July – 30 June, named by the year it ends) in Melbourne time, and payment dates.
 */
import { describe, expect, it } from 'vitest';
import { formatPaymentDate, melbourneDate } from '../src/features/payments/lib/dates.ts';
import { financialYearLabel, financialYearOf } from '@portal/contracts';
import {
  currentFinancialYear,
  financialYearChoices,
  financialYearParam,
  financialYearSpan,
} from '../src/features/payments/lib/financial-year.ts';
import { formatAud, sumCents } from '../src/features/payments/lib/money.ts';

describe('formatAud: integer cents as Australian dollars', () => {
  it('shows cents, thousands separators and a dollar sign', () => {
    expect(formatAud(0)).toBe('$0.00');
    expect(formatAud(5)).toBe('$0.05');
    expect(formatAud(123456)).toBe('$1,234.56');
    expect(formatAud(100)).toBe('$1.00');
    expect(formatAud(-4550)).toBe('-$45.50');
  });
  it('is exact for large amounts', () => {
    expect(formatAud(99_999_999_999)).toBe('$999,999,999.99');
  });
  it('refuses a fraction of a cent', () => {
    expect(() => formatAud(10.5)).toThrow(RangeError);
  });
  it('adds cents exactly (0.1 + 0.2 is 30 cents, not 0.30000000000000004)', () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(sumCents(Array.from({ length: 52 }, () => 61_234))).toBe(3_184_168);
    expect(formatAud(sumCents([1999, 1])).toString()).toBe('$20.00');
  });
});

describe('financial year: 1 July – 30 June, named by the year it starts (the contracts rule)', () => {
  it('puts 30 June in the year that started the July before and 1 July in the next', () => {
    expect(financialYearOf('2026-06-30')).toBe(2025);
    expect(financialYearOf('2026-07-01')).toBe(2026);
    expect(financialYearOf('2026-01-01')).toBe(2025);
    expect(financialYearLabel(2025)).toBe('2025–26');
    expect(financialYearLabel(2099)).toBe('2099–00');
    expect(financialYearSpan(2025)).toBe('1 July 2025 to 30 June 2026');
  });
  it('takes today in Melbourne: 30 June 2026 at 11:30pm in Melbourne is still 2025–26', () => {
    // 2026-06-30T13:30Z is 11:30pm on 30 June in Melbourne (AEST, UTC+10).
    expect(currentFinancialYear(new Date('2026-06-30T13:30:00Z'))).toBe(2025);
    // 2026-06-30T14:30Z is 12:30am on 1 July in Melbourne, though still 30 June in UTC.
    expect(currentFinancialYear(new Date('2026-06-30T14:30:00Z'))).toBe(2026);
  });
  it('offers the current year and the years with payments, newest first, each once', () => {
    expect(financialYearChoices([2024, 2025, 2023], 2025)).toEqual([2025, 2024, 2023]);
    expect(financialYearChoices([], 2026)).toEqual([2026]);
  });
  it('reads ?year= only when it is a year the server takes', () => {
    expect(financialYearParam('2025')).toBe(2025);
    expect(financialYearParam('25')).toBeUndefined();
    expect(financialYearParam('1999')).toBeUndefined();
    expect(financialYearParam('2025; drop')).toBeUndefined();
    expect(financialYearParam(null)).toBeUndefined();
  });
});

describe('payment dates in Melbourne time', () => {
  it('shows a calendar date with the month in words', () => {
    expect(formatPaymentDate('2025-07-03')).toBe('3 July 2025');
  });
  it('turns an instant into the Melbourne date it fell on', () => {
    // 10pm UTC on 2 July is 8am on 3 July in Melbourne.
    expect(melbourneDate('2025-07-02T22:00:00Z')).toBe('2025-07-03');
    expect(formatPaymentDate('2025-07-02T22:00:00.000Z')).toBe('3 July 2025');
    // Daylight saving: 1pm UTC on 31 Dec is midnight on 1 Jan in Melbourne (AEDT, UTC+11).
    expect(melbourneDate('2025-12-31T13:00:00Z')).toBe('2026-01-01');
  });
});
