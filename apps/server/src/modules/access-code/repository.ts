import type { ExpressionBuilder } from 'kysely';
import type { Db, DialectName } from '../../db/database.ts';
import type { AccessCodeTable, CodePurpose, Database } from '../../db/schema.ts';

/** A code still live: neither used nor voided (whether it has expired is asked separately). */
const unspent = (eb: ExpressionBuilder<Database, 'access_codes'>) =>
  eb.and([eb('used_at', 'is', null), eb('voided_at', 'is', null)]);

/** When each code of this purpose asked for since `since` was made, oldest first. */
export async function codeTimesSince(
  db: Db,
  accountId: string,
  purpose: CodePurpose,
  since: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('access_codes')
    .select('created_at')
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/**
 * PostgreSQL: holds the account's row until the transaction ends, so code requests of one account
 * are counted and inserted one at a time. SQLite needs nothing: its one connection runs one
 * transaction at a time (and has no FOR UPDATE).
 */
export async function lockAccount(db: Db, dialect: DialectName, accountId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
}

/** Wrong guesses the account has spent on `day` (a Melbourne date). */
export async function findWrongGuesses(db: Db, accountId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('code_guesses')
    .select('wrong')
    .where('account_id', '=', accountId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row ? Number(row.wrong) : 0;
}

/**
 * Spends one of the day's guesses in one statement, so parallel guesses can never spend more
 * than `cap` between them: the day's count with this guess, or undefined when none was left.
 */
export async function spendGuess(db: Db, accountId: string, day: string, cap: number): Promise<number | undefined> {
  const row = await db
    .insertInto('code_guesses')
    .values({ account_id: accountId, day, wrong: 1 })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'day'])
        .doUpdateSet((eb) => ({ wrong: eb('code_guesses.wrong', '+', 1) }))
        .where('code_guesses.wrong', '<', cap),
    )
    .returning('wrong')
    .executeTakeFirst();
  return row ? Number(row.wrong) : undefined;
}

/** Gives back a guess that turned out right: the budget counts wrong guesses only. */
export async function refundGuess(db: Db, accountId: string, day: string): Promise<void> {
  await db
    .updateTable('code_guesses')
    .set((eb) => ({ wrong: eb('wrong', '-', 1) }))
    .where('account_id', '=', accountId)
    .where('day', '=', day)
    .where('wrong', '>', 0)
    .execute();
}

/** Voids the live codes of that account and purpose (and type); the messages that carry them. */
export async function voidActiveCodes(
  db: Db,
  accountId: string,
  purpose: CodePurpose,
  codeType: number | null,
  now: number,
): Promise<(string | null)[]> {
  let q = db
    .updateTable('access_codes')
    .set({ voided_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where(unspent);
  if (codeType !== null) q = q.where('code_type', '=', codeType);
  const rows = await q.returning('notification_id').execute();
  return rows.map((r) => r.notification_id);
}

export async function insertCode(db: Db, row: AccessCodeTable): Promise<void> {
  await db.insertInto('access_codes').values(row).execute();
}

export async function findActiveCode(db: Db, accountId: string, purpose: CodePurpose, codeType: number | null) {
  let q = db
    .selectFrom('access_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'notification_id'])
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where(unspent);
  if (codeType !== null) q = q.where('code_type', '=', codeType);
  return q.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Counts one wrong guess atomically; undefined when the code was already used up or spent. */
export async function recordWrongGuess(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('access_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where(unspent)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : undefined;
}

/** Marks the code used, once: false when a parallel request used or spent it first. */
export async function markCodeUsed(db: Db, id: string, maxAttempts: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('access_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where(unspent)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function findCodeRecipient(db: Db, accountId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select(['claimants.email', 'claimants.mobile', 'claimants.pref_sms', 'claimants.first_name'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}

export async function insertSecureToken(
  db: Db,
  t: { id: string; sessionId: string; tokenHash: string; codeType: number; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('secure_tokens')
    .values({
      id: t.id,
      session_id: t.sessionId,
      token_hash: t.tokenHash,
      code_type: t.codeType,
      created_at: t.now,
      expires_at: t.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Spends a secure token of this session and kind, once; false when missing, expired or used. */
export async function useSecureToken(
  db: Db,
  sessionId: string,
  tokenHash: string,
  codeType: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('secure_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('session_id', '=', sessionId)
    .where('code_type', '=', codeType)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The clean-up's: codes expired before `before` (decision 019). */
export async function deleteCodesExpiredBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('access_codes').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The clean-up's: wrong-guess budgets of Melbourne days before `day`. */
export async function deleteGuessesBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom('code_guesses').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The clean-up's: secure tokens expired before `before` (decision 019). */
export async function deleteSecureTokensExpiredBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('secure_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
