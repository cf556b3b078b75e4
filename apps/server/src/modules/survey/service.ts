/**
 * The pre-login self-assessment (spec 001 Survey; content issue). Claim number and date of birth
 * are a weak secret, so identity checks are bounded as registration's are (per claim number and
 * address, and per claim number and day: identity-guesses.ts) and per address, and a
 * survey token is good for the survey calls only (its own table: no claimant call accepts it).
 */
import { ErrorNumber, type SurveyQuestion } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { clientKey } from '../../lib/client-key.ts';
import { newId, newToken, secretsEqual } from '../../lib/crypto.ts';
import { countFailures, waitFor } from '../account/throttle.ts';
import { findClaimantByClaimNumber } from '../claim/repository.ts';
import { findContent } from '../content/service.ts';
import { tokenHash } from '../session/service.ts';
import { queueForProvider } from '../provider/outbox.ts';
import { notFound } from '../registration/identity-check.ts';
import { countFailedCheck, guessKeys, refuseWhileLocked } from '../registration/identity-guesses.ts';
import * as repo from './repository.ts';

export type SurveyAuth = { sessionId: string; claimantId: string; claimId: string };

const SURVEY_SESSION_MS = 2 * 60 * 60_000;
/** Failed identity checks per address, across claim numbers (one address trying many claims). */
export const SURVEY_THROTTLE = {
  address: { threshold: 10, baseMs: 60_000, maxMs: 60 * 60_000 },
} as const;

/** The per-address key; the claim number's own bounds are registration's (identity-guesses.ts). */
function surveyAddressKey(address: string): string {
  return `sva:${clientKey(address)}`;
}

export async function surveyLogin(deps: Deps, input: { claimNumber: string; dateOfBirth: string; address: string }) {
  const addressKey = surveyAddressKey(input.address);
  if ((await waitFor(deps, [addressKey])) > 0)
    throw new AppError(ErrorNumber.LoginThrottled, 'Too many attempts. Please wait a while and try again, or call us.');
  const keys = guessKeys(deps, input.claimNumber, input.address);
  await refuseWhileLocked(deps, keys);
  const c = await findClaimantByClaimNumber(deps.db, input.claimNumber);
  if (!c || c.date_of_birth !== input.dateOfBirth) {
    await countFailures(deps, [[addressKey, SURVEY_THROTTLE.address]]);
    return countFailedCheck(deps, keys, input.claimNumber, notFound(deps));
  }
  const token = newToken();
  const now = deps.clock.now();
  await repo.insertSurveySession(deps.db, {
    id: newId(),
    tokenHash: tokenHash(token),
    claimantId: c.claimant_id,
    claimId: c.claim_id,
    now,
    expiresAt: now + SURVEY_SESSION_MS,
  });
  const draft = await repo.findDraft(deps.db, c.claimant_id);
  return { AccessToken: token, AcceptedTerms: draft?.accepted_terms === 1 };
}

export async function authenticateSurvey(deps: Deps, token: unknown): Promise<SurveyAuth> {
  if (typeof token !== 'string' || !token || token.length > 256) throw new AppError(ErrorNumber.TokenMissing);
  const hash = tokenHash(token);
  const s = await repo.findSurveySession(deps.db, hash);
  if (!s || !secretsEqual(s.token_hash, hash)) throw new AppError(ErrorNumber.SessionUnknown);
  if (s.revoked_at !== null) throw new AppError(ErrorNumber.SessionRevoked);
  if (deps.clock.now() >= s.expires_at) throw new AppError(ErrorNumber.SessionLifetimeExpired);
  return { sessionId: s.id, claimantId: s.claimant_id, claimId: s.claim_id };
}

async function draftOf(deps: Deps, auth: SurveyAuth) {
  const existing = await repo.findDraft(deps.db, auth.claimantId);
  if (existing) return existing;
  const id = newId();
  await repo.insertDraft(deps.db, { id, claimantId: auth.claimantId, claimId: auth.claimId, now: deps.clock.now() });
  return { id, accepted_terms: null, answers: '{}' };
}

async function questions(deps: Deps) {
  const rows = await repo.listQuestions(deps.db);
  return rows.map((q) => ({
    id: q.id,
    html: q.html,
    answers: JSON.parse(q.answers) as { Label: string; Value: string }[],
  }));
}

export async function findAssessment(deps: Deps, auth: SurveyAuth) {
  const draft = await draftOf(deps, auth);
  const saved = JSON.parse(draft.answers) as Record<string, string>;
  const shortName = deps.config.provider.shortName;
  const list: SurveyQuestion[] = (await questions(deps)).map((q) => ({
    QuestionId: q.id,
    QuestionString: q.html.replace(/\{shortName\}/g, shortName),
    Answers: q.answers,
    CurrentAnswer: q.answers.find((a) => a.Value === saved[String(q.id)]) ?? null,
  }));
  return { FormID: draft.id, AcceptedTerms: draft.accepted_terms === 1, Questions: list };
}

export async function saveAssessment(
  deps: Deps,
  auth: SurveyAuth,
  input: {
    formId: string;
    acceptedTerms: boolean;
    questions: { QuestionId: number; CurrentAnswer: { Label: string; Value: string } | null }[];
  },
): Promise<true> {
  const draft = await draftOf(deps, auth);
  if (input.formId && input.formId !== draft.id) throw new AppError(ErrorNumber.NotFound);
  const bank = await questions(deps);
  const answers = JSON.parse(draft.answers) as Record<string, string>;
  for (const q of input.questions) {
    const question = bank.find((b) => b.id === q.QuestionId);
    if (!question) throw new AppError(ErrorNumber.Validation, 'Unknown question', 'Questions');
    if (q.CurrentAnswer === null) delete answers[String(q.QuestionId)];
    else if (question.answers.some((a) => a.Value === q.CurrentAnswer?.Value))
      answers[String(q.QuestionId)] = q.CurrentAnswer.Value;
    else throw new AppError(ErrorNumber.Validation, 'Please choose one of the answers', 'Questions');
  }
  await repo.updateDraft(deps.db, draft.id, input.acceptedTerms, answers, deps.clock.now());
  return true;
}

/** Submits the assessment: all answered when the terms were accepted; queued for the provider. */
export async function submitAssessment(deps: Deps, auth: SurveyAuth): Promise<true> {
  const draft = await repo.findDraft(deps.db, auth.claimantId);
  if (!draft) throw new AppError(ErrorNumber.NotFound);
  const answers = JSON.parse(draft.answers) as Record<string, string>;
  const bank = await questions(deps);
  const accepted = draft.accepted_terms === 1;
  const answered = bank.flatMap((q) => {
    const value = answers[String(q.id)];
    return value ? [{ QuestionId: q.id, Value: value }] : [];
  });
  if (accepted && answered.length < bank.length)
    throw new AppError(ErrorNumber.Validation, 'Please answer every question', 'Questions');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markSubmitted(trx, draft.id, now))) throw new AppError(ErrorNumber.NotFound);
    await queueForProvider(trx, {
      claimId: auth.claimId,
      kind: 'self-assessment',
      payload: {
        FormID: draft.id,
        AcceptedTerms: accepted,
        Answers: accepted ? answered : [],
      },
      now,
    });
  });
  return true;
}

/** The closing message; it ends the survey session (spec 001 §4 step 5). */
export async function findOutro(deps: Deps, auth: SurveyAuth) {
  const message = await findContent(deps, 'surveyoutro');
  const registered = await repo.isRegistered(deps.db, auth.claimantId);
  await repo.revokeSurveySession(deps.db, auth.sessionId, deps.clock.now());
  return { OutroMessage: message.Html, IsRegistered: registered };
}
