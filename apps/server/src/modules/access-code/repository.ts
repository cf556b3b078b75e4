import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AccessCodeTable, CodePurpose } from '../../db/schema.ts';

export async function countCodesSince(db: Db, accountId: string, purpose: CodePurpose, since: number): Promise<number> {
  const row = await db
    .selectFrom('access_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Wrong guesses on any of the account's codes issued since `since`. */
export async function countWrongGuessesSince(db: Db, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('access_codes')
    .select(sql<number | string>`coalesce(sum(attempts), 0)`.as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function voidActiveCodes(db: Db, accountId: string, purpose: CodePurpose, codeType: number | null, now: number): Promise<void> {
  let q = db
    .updateTable('access_codes')
    .set({ voided_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null);
  if (codeType !== null) q = q.where('code_type', '=', codeType);
  await q.execute();
}

export async function insertCode(db: Db, row: AccessCodeTable): Promise<void> {
  await db.insertInto('access_codes').values(row).execute();
}

export async function findActiveCode(db: Db, accountId: string, purpose: CodePurpose, codeType: number | null) {
  let q = db
    .selectFrom('access_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null);
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
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
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
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
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

export async function activateAccount(db: Db, accountId: string): Promise<void> {
  await db.updateTable('accounts').set({ activated: 1 }).where('id', '=', accountId).execute();
}

export async function insertSecureToken(
  db: Db,
  t: { id: string; sessionId: string; tokenHash: string; codeType: number; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('secure_tokens')
    .values({ id: t.id, session_id: t.sessionId, token_hash: t.tokenHash, code_type: t.codeType, created_at: t.now, expires_at: t.expiresAt, used_at: null })
    .execute();
}

/** Spends a secure token of this session and kind, once; false when missing, expired or used. */
export async function useSecureToken(db: Db, sessionId: string, tokenHash: string, codeType: number, now: number): Promise<boolean> {
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
