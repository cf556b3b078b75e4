import type { Db } from '../../db/database.ts';
import { clearRegistrationDetails } from '../account/repository.ts';

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  return Boolean(await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirst());
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;

/**
 * Which of accounts' unique columns an insert broke, on either database; null for any other
 * failure. The checks before the insert answer the common case; this answers the race between
 * two registrations that both passed them.
 */
export function brokenUniqueColumn(error: unknown): 'username' | 'claimant_id' | null {
  if (!(error instanceof Error)) return null;
  const { code, constraint, errcode } = error as Error & { code?: unknown; constraint?: unknown; errcode?: unknown };
  // PostgreSQL names the constraint (accounts_username_key); SQLite (extended code 2067,
  // SQLITE_CONSTRAINT_UNIQUE) names table.column in the message.
  const where = code === '23505' ? String(constraint ?? '') : errcode === SQLITE_CONSTRAINT_UNIQUE ? error.message : '';
  if (where.includes('username')) return 'username';
  if (where.includes('claimant_id')) return 'claimant_id';
  return null;
}

/** The details held since registration, once (cleared as they are read), with the claim they go to. */
export async function takeRegistrationDetails(
  db: Db,
  accountId: string,
): Promise<{ details: string; claimId: string } | undefined> {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('claims', 'claims.claimant_id', 'accounts.claimant_id')
    .select(['accounts.registration_details', 'claims.id as claim_id'])
    .where('accounts.id', '=', accountId)
    .where('accounts.registration_details', 'is not', null)
    .orderBy('claims.accident_date', 'desc')
    .executeTakeFirst();
  if (!row?.registration_details) return undefined;
  await clearRegistrationDetails(db, accountId);
  return { details: row.registration_details, claimId: row.claim_id };
}

export async function voidResetTokens(db: Db, accountId: string, now: number) {
  await db
    .updateTable('reset_tokens')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertResetToken(
  db: Db,
  t: { id: string; accountId: string; tokenHash: string; now: number; expiresAt: number },
) {
  await db
    .insertInto('reset_tokens')
    .values({
      id: t.id,
      account_id: t.accountId,
      token_hash: t.tokenHash,
      created_at: t.now,
      expires_at: t.expiresAt,
      used_at: null,
    })
    .execute();
}

/** An unspent, unexpired reset token: its id and its account. */
export async function findLiveResetToken(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('reset_tokens')
    .innerJoin('accounts', 'accounts.id', 'reset_tokens.account_id')
    .select(['reset_tokens.id', 'reset_tokens.account_id', 'accounts.activated'])
    .where('reset_tokens.token_hash', '=', tokenHash)
    .where('reset_tokens.used_at', 'is', null)
    .where('reset_tokens.expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends the token (once: false if it was spent meanwhile) and holds the new password for that session. */
export async function holdPendingPassword(
  db: Db,
  tokenId: string,
  p: { passwordHash: string; sessionId: string; now: number; expiresAt: number },
): Promise<boolean> {
  const res = await db
    .updateTable('reset_tokens')
    .set({ used_at: p.now, pending_password_hash: p.passwordHash, session_id: p.sessionId, expires_at: p.expiresAt })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The password held for this session, if still within its time; taken once (cleared as it is read). */
export async function takePendingPassword(
  db: Db,
  sessionId: string,
  accountId: string,
  now: number,
): Promise<{ passwordHash: string } | undefined> {
  const row = await db
    .selectFrom('reset_tokens')
    .select(['id', 'pending_password_hash'])
    .where('session_id', '=', sessionId)
    .where('account_id', '=', accountId)
    .where('pending_password_hash', 'is not', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row?.pending_password_hash) return undefined;
  const res = await db
    .updateTable('reset_tokens')
    .set({ pending_password_hash: null })
    .where('id', '=', row.id)
    .where('pending_password_hash', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? { passwordHash: row.pending_password_hash } : undefined;
}

/** The clean-up's: tokens expired before `before` (decision 019). */
export async function deleteResetTokensExpiredBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('reset_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
