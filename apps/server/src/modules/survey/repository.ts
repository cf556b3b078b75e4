import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Writer = Db | Transaction<Database>;

export async function insertSurveySession(
  db: Db,
  s: { id: string; tokenHash: string; claimantId: string; claimId: string; now: number; expiresAt: number },
) {
  await db
    .insertInto('survey_sessions')
    .values({
      id: s.id,
      token_hash: s.tokenHash,
      claimant_id: s.claimantId,
      claim_id: s.claimId,
      created_at: s.now,
      expires_at: s.expiresAt,
      revoked_at: null,
    })
    .execute();
}

export async function findSurveySession(db: Db, tokenHash: string) {
  return db
    .selectFrom('survey_sessions')
    .select(['id', 'token_hash', 'claimant_id', 'claim_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeSurveySession(db: Db, id: string, now: number) {
  await db.updateTable('survey_sessions').set({ revoked_at: now }).where('id', '=', id).execute();
}

export async function findDraft(db: Db, claimantId: string) {
  return db
    .selectFrom('survey_assessments')
    .select(['id', 'accepted_terms', 'answers'])
    .where('claimant_id', '=', claimantId)
    .where('submitted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

export async function insertDraft(db: Db, a: { id: string; claimantId: string; claimId: string; now: number }) {
  await db
    .insertInto('survey_assessments')
    .values({
      id: a.id,
      claimant_id: a.claimantId,
      claim_id: a.claimId,
      accepted_terms: null,
      answers: '{}',
      updated_at: a.now,
      submitted_at: null,
    })
    .execute();
}

export async function updateDraft(
  db: Writer,
  id: string,
  acceptedTerms: boolean,
  answers: Record<string, string>,
  now: number,
) {
  const res = await db
    .updateTable('survey_assessments')
    .set({ accepted_terms: acceptedTerms ? 1 : 0, answers: JSON.stringify(answers), updated_at: now })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markSubmitted(db: Writer, id: string, now: number) {
  const res = await db
    .updateTable('survey_assessments')
    .set({ submitted_at: now })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listQuestions(db: Db) {
  return db.selectFrom('survey_questions').select(['id', 'html', 'answers']).orderBy('sort').orderBy('id').execute();
}

export async function isRegistered(db: Db, claimantId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('accounts').select('id').where('claimant_id', '=', claimantId).executeTakeFirst());
}

/** The survey's questions, in place of the ones it had; in the caller's transaction. */
export async function replaceQuestions(
  trx: Transaction<Database>,
  questions: { id: number; sort: number; html: string; answers: string }[],
): Promise<void> {
  await trx.deleteFrom('survey_questions').execute();
  await trx.insertInto('survey_questions').values(questions).execute();
}
