import type { Db } from '../../db/database.ts';

export async function findClaimantByClaimNumber(db: Db, claimNumber: string) {
  return db
    .selectFrom('claims')
    .innerJoin('claimants', 'claimants.id', 'claims.claimant_id')
    .leftJoin('accounts', 'accounts.claimant_id', 'claimants.id')
    .select([
      'claimants.id as claimant_id',
      'claimants.first_name',
      'claimants.surname',
      'claimants.date_of_birth',
      'claimants.email',
      'claimants.mobile',
      'accounts.id as account_id',
      'accounts.username',
      'accounts.activated',
    ])
    .where('claims.number', '=', claimNumber)
    .executeTakeFirst();
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  return Boolean(await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirst());
}

/**
 * Which of accounts' unique columns an insert broke, on either database; null for any other
 * failure. The checks before the insert answer the common case; this answers the race between
 * two registrations that both passed them.
 */
export function brokenUniqueColumn(error: unknown): 'username' | 'claimant_id' | null {
  if (!(error instanceof Error)) return null;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  // PostgreSQL names the constraint (accounts_username_key); SQLite names table.column in the message.
  const where = code === '23505' ? String(constraint ?? '') : code === 'SQLITE_CONSTRAINT_UNIQUE' ? error.message : '';
  if (where.includes('username')) return 'username';
  if (where.includes('claimant_id')) return 'claimant_id';
  return null;
}

export async function insertAccount(db: Db, a: { id: string; claimantId: string; username: string; passwordHash: string; now: number }) {
  await db
    .insertInto('accounts')
    .values({ id: a.id, claimant_id: a.claimantId, username: a.username, password_hash: a.passwordHash, activated: 0, one_time_password: 0, registered_at: a.now })
    .execute();
}

export async function updateRegisteredContact(
  db: Db,
  claimantId: string,
  c: { email: string | null; mobile: string | null; homeAddress: string; postalAddress: string; same: boolean },
) {
  await db
    .updateTable('claimants')
    .set({ email: c.email, mobile: c.mobile, home_address: c.homeAddress, postal_address: c.postalAddress, addresses_same: c.same ? 1 : 0 })
    .where('id', '=', claimantId)
    .execute();
}

export async function voidResetTokens(db: Db, accountId: string, now: number) {
  await db.updateTable('reset_tokens').set({ used_at: now }).where('account_id', '=', accountId).where('used_at', 'is', null).execute();
}

export async function insertResetToken(db: Db, t: { id: string; accountId: string; tokenHash: string; now: number; expiresAt: number }) {
  await db.insertInto('reset_tokens').values({ id: t.id, account_id: t.accountId, token_hash: t.tokenHash, created_at: t.now, expires_at: t.expiresAt, used_at: null }).execute();
}

/** Spends a reset token once; its account, or undefined when unknown, used or expired. */
export async function useResetToken(db: Db, tokenHash: string, now: number) {
  const row = await db
    .updateTable('reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['account_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  return db.selectFrom('accounts').select(['id', 'activated']).where('id', '=', row.account_id).executeTakeFirst();
}

export async function setPassword(db: Db, accountId: string, passwordHash: string) {
  await db.updateTable('accounts').set({ password_hash: passwordHash, one_time_password: 0 }).where('id', '=', accountId).execute();
}

export async function revokeAllSessions(db: Db, accountId: string, now: number) {
  await db.updateTable('sessions').set({ revoked_at: now }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
}
