import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { SessionKind } from '../../db/schema.ts';

export type SessionRow = {
  id: string;
  tokenHash: string;
  accountId: string;
  claimantId: string;
  kind: SessionKind;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** The selected claim, when it is the account's own. */
  selectedClaimId: string | null;
  /** The selected claim, when it is not the account's own: one it may help with (decision 041). */
  helpingClaimId: string | null;
};

/** Every signed-in request runs this: compiled once (db/prepared.ts). */
const sessionByTokenHash = preparedQuery((db: Db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .leftJoin('claims', (j) =>
      j.onRef('claims.id', '=', 'sessions.selected_claim_id').onRef('claims.claimant_id', '=', 'accounts.claimant_id'),
    )
    .select([
      'sessions.id',
      'sessions.token_hash',
      'sessions.account_id',
      'accounts.claimant_id',
      'sessions.kind',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'claims.id as claim_id',
      'sessions.selected_claim_id',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await sessionByTokenHash(db, tokenHash);
  if (!row) return undefined;
  return {
    id: row.id,
    tokenHash: row.token_hash,
    accountId: row.account_id,
    claimantId: row.claimant_id,
    kind: row.kind,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    selectedClaimId: row.claim_id ?? null,
    helpingClaimId: row.claim_id ? null : (row.selected_claim_id ?? null),
  };
}

export async function insertSession(
  db: Db,
  s: {
    id: string;
    tokenHash: string;
    accountId: string;
    kind: SessionKind;
    rememberMe: boolean;
    now: number;
    expiresAt: number;
    selectedClaimId: string | null;
    passkeyId?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      token_hash: s.tokenHash,
      account_id: s.accountId,
      kind: s.kind,
      remember_me: s.rememberMe ? 1 : 0,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      selected_claim_id: s.selectedClaimId,
      revoked_at: null,
      passkey_id: s.passkeyId ?? null,
    })
    .execute();
}

export async function findSessionById(db: Db, id: string) {
  const row = await db
    .selectFrom('sessions')
    .select(['kind', 'remember_me', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { kind: row.kind, rememberMe: row.remember_me === 1, expiresAt: row.expires_at } : undefined;
}

export async function touchSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSessionById(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of the account, but the one kept (a password change keeps its own). */
export async function revokeAccountSessions(
  db: Db,
  accountId: string,
  now: number,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function setSelectedClaim(db: Db, sessionId: string, claimId: string | null): Promise<void> {
  await db.updateTable('sessions').set({ selected_claim_id: claimId }).where('id', '=', sessionId).execute();
}

/**
 * The clean-up's: sessions ended before `before` — by sign-out or rotation, by their lifetime, or by
 * the idle time-out (decision 019). A session's secure tokens go with it (on delete cascade).
 */
export async function deleteEndedSessions(db: Db, before: number, idleTimeoutMs: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', '<', before),
        eb('expires_at', '<', before),
        eb('last_seen_at', '<', before - idleTimeoutMs),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
