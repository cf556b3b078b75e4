/**
 * Australian financial years on the web (1 July – 30 June). The contracts name a year by the
 * calendar year it starts in (2025 = 1 July 2025 – 30 June 2026, "2025–26") and hold the rule
 * (`financialYearOf`, `financialYearRange`, `financialYearLabel`); this adds what only the screen
 * needs: today's year in Melbourne, the filter's choices, the address parameter and the span in words.
 */
import { PROVIDER_TIME_ZONE, financialYearOf, isoToday } from '@portal/contracts';

/** The financial year today is in, in Melbourne (11:30pm on 30 June in Melbourne is still the old year). */
export function currentFinancialYear(now: Date = new Date()): number {
  return financialYearOf(isoToday(now, PROVIDER_TIME_ZONE));
}

/** 2025 → '1 July 2025 to 30 June 2026'. */
export function financialYearSpan(year: number): string {
  return `1 July ${year} to 30 June ${year + 1}`;
}

/**
 * The years the filter offers: those the claim has payments in, plus the current one (a claimant
 * looks for this year first, even before its first payment), newest first, each once.
 */
export function financialYearChoices(withPayments: readonly number[], current: number): number[] {
  return [...new Set([current, ...withPayments])].sort((a, b) => b - a);
}

/** The year asked for in the address (?year=2025), if it is one the server takes (2000–2100). */
export function financialYearParam(value: string | null): number | undefined {
  if (!value || !/^[0-9]{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= 2000 && year <= 2100 ? year : undefined;
}

/** The address's "every year" (?year=all). */
export const ALL_YEARS = 'all';

/** The year the payments page lists for its address: ?year=2025, every year for ?year=all, else `current`. */
export function listedFinancialYear(yearParam: string | null, current: number): number | undefined {
  return yearParam === ALL_YEARS ? undefined : (financialYearParam(yearParam) ?? current);
}
