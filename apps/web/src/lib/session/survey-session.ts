/**
 * The self-assessment's own session (spec 001 "Survey"): the survey token from nidlogin, kept in
 * sessionStorage under its own key — never as the signed-in claimant, whose session it must not
 * touch (a claimant can be signed in and take the survey in the same tab). It opens
 * /surveyintro, /survey and /surveyoutro (app/guards.ts) and is sent as AccessToken on the
 * survey calls only (lib/request/request.ts `token`). The outro ends the survey session and clears it.
 *
 * The count of failed identity checks is kept beside it, so the help line that appears after more
 * than 2 failures (spec 001 §4, §8) survives a reload of the page.
 */
import { readItem, removeItem, writeItem } from '../platform/safe-storage.ts';

export const SURVEY_SESSION_KEY = 'surveySession';
const SURVEY_FAILURES_KEY = 'surveyLoginFailures';

export function saveSurveyToken(token: string): void {
  writeItem('session', SURVEY_SESSION_KEY, JSON.stringify({ AccessToken: token }));
}

export function getSurveyToken(): string | undefined {
  const raw = readItem('session', SURVEY_SESSION_KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as { AccessToken?: unknown } | null;
    return typeof value?.AccessToken === 'string' && value.AccessToken !== '' ? value.AccessToken : undefined;
  } catch {
    return undefined;
  }
}

export function clearSurveyToken(): void {
  removeItem('session', SURVEY_SESSION_KEY);
}

export function getSurveyLoginFailures(): number {
  const n = Number(readItem('session', SURVEY_FAILURES_KEY) ?? '0');
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function setSurveyLoginFailures(count: number): void {
  if (count > 0) writeItem('session', SURVEY_FAILURES_KEY, String(count));
  else removeItem('session', SURVEY_FAILURES_KEY);
}
