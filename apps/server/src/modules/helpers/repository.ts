/**
 * People who help (decision 041): the owner of helper_grants. An invitation is taken, withdrawn
 * and ended each by one conditional update, so of two racing the first to commit wins and the
 * other changes nothing.
 */
import type { Db } from '../../db/database.ts';
import type { HelperBasisColumn, HelperGrantTable, HelperScopeColumn } from '../../db/tables/operations.ts';

const COLUMNS = [
  'helper_grants.id',
  'helper_grants.claimant_account_id',
  'helper_grants.claim_id',
  'helper_grants.helper_account_id',
  'helper_grants.helper_name',
  'helper_grants.invited_contact',
  'helper_grants.scope',
  'helper_grants.ends_on',
  'helper_grants.state',
  'helper_grants.token_expires_at',
  'helper_grants.basis',
  'helper_grants.provider_ref',
  'helper_grants.accepted_at',
  'helper_grants.ended_at',
] as const;

export type GrantRow = Pick<
  HelperGrantTable,
  | 'id'
  | 'claimant_account_id'
  | 'claim_id'
  | 'helper_account_id'
  | 'helper_name'
  | 'invited_contact'
  | 'scope'
  | 'ends_on'
  | 'state'
  | 'token_expires_at'
  | 'basis'
  | 'provider_ref'
  | 'accepted_at'
  | 'ended_at'
> & { claim_number: string; claimant_id: string };

export async function insertInvitation(
  db: Db,
  g: {
    id: string;
    claimantAccountId: string;
    claimId: string;
    name: string;
    contact: string;
    scope: HelperScopeColumn;
    endsOn: string | null;
    tokenHash: string;
    expiresAt: number;
    now: number;
    /** The claims system's appointment: its reference and why. */
    appointment?: { ref: string; basis: HelperBasisColumn };
  },
): Promise<void> {
  await db
    .insertInto('helper_grants')
    .values({
      id: g.id,
      claimant_account_id: g.claimantAccountId,
      claim_id: g.claimId,
      helper_account_id: null,
      helper_name: g.name,
      invited_contact: g.contact,
      scope: g.scope,
      ends_on: g.endsOn,
      state: 'invited',
      basis: g.appointment?.basis ?? null,
      provider_ref: g.appointment?.ref ?? null,
      token_hash: g.tokenHash,
      token_expires_at: g.expiresAt,
      created_at: g.now,
      accepted_at: null,
      ended_at: null,
    })
    .execute();
}

/**
 * Helpers of a claim that count against its limit: active ones, and invitations still open, whose
 * last day (`today` in Melbourne) has not passed.
 */
export async function countOpenGrants(db: Db, claimId: string, now: number, today: string): Promise<number> {
  const row = await db
    .selectFrom('helper_grants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('claim_id', '=', claimId)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .where((eb) =>
      eb.or([eb('state', '=', 'active'), eb.and([eb('state', '=', 'invited'), eb('token_expires_at', '>', now)])]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const withClaim = (db: Db) => db.selectFrom('helper_grants').innerJoin('claims', 'claims.id', 'helper_grants.claim_id');
const GRANT_COLUMNS = [...COLUMNS, 'claims.number as claim_number', 'claims.claimant_id'] as const;
/** A grant with its claim and the claimant's name (what a helper is shown). */
const withClaimant = (db: Db) => withClaim(db).innerJoin('claimants', 'claimants.id', 'claims.claimant_id');
const NAMED_COLUMNS = [...GRANT_COLUMNS, 'claimants.first_name', 'claimants.surname'] as const;

/** Invitations made since `since` by this claimant, or to this contact (as stored: trimmed, e-mail lower case). */
export async function countInvitationsSince(
  db: Db,
  by: { claimantAccountId: string } | { contact: string },
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('helper_grants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>', since)
    .where((eb) =>
      'contact' in by
        ? eb('invited_contact', '=', by.contact)
        : // The claims system's appointments are not the claimant's invitations.
          eb.and([eb('claimant_account_id', '=', by.claimantAccountId), eb('provider_ref', 'is', null)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The claimant's helpers, newest first. */
export function listGrantsOfClaimant(db: Db, claimantAccountId: string): Promise<GrantRow[]> {
  return withClaim(db)
    .select(GRANT_COLUMNS)
    .where('helper_grants.claimant_account_id', '=', claimantAccountId)
    .orderBy('helper_grants.created_at', 'desc')
    .orderBy('helper_grants.id')
    .execute();
}

export function findGrantByTokenHash(db: Db, tokenHash: string) {
  return withClaimant(db).select(NAMED_COLUMNS).where('helper_grants.token_hash', '=', tokenHash).executeTakeFirst();
}

/** The grant that lets this helper act on this claim now, if any, with the claimant's name. */
export function findActiveGrant(db: Db, helperAccountId: string, claimId: string) {
  return withClaimant(db)
    .select(NAMED_COLUMNS)
    .where('helper_grants.helper_account_id', '=', helperAccountId)
    .where('helper_grants.claim_id', '=', claimId)
    .where('helper_grants.state', '=', 'active')
    .executeTakeFirst();
}

/**
 * The claims this account helps with now, with the claimant's name: active grants whose last day
 * (`today`, 'yyyy-mm-dd' in Melbourne) has not passed, whether or not a request has ended them yet.
 */
export function listHelping(db: Db, helperAccountId: string, today: string) {
  return withClaimant(db)
    .select([...NAMED_COLUMNS, 'claims.accident_date', 'claims.location'])
    .where('helper_grants.helper_account_id', '=', helperAccountId)
    .where('helper_grants.state', '=', 'active')
    .where((eb) => eb.or([eb('helper_grants.ends_on', 'is', null), eb('helper_grants.ends_on', '>=', today)]))
    .orderBy('claims.accident_date', 'desc')
    .execute();
}

/**
 * Takes an invitation: one conditional update on the token's digest, open and unexpired. The
 * digest is cleared as it is spent, so a second use (or a replay) finds nothing.
 */
export async function takeInvitation(
  db: Db,
  tokenHash: string,
  helperAccountId: string,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('helper_grants')
    .set({ state: 'active', helper_account_id: helperAccountId, token_hash: null, accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('state', '=', 'invited')
    .where('token_expires_at', '>', now)
    .where('claimant_account_id', '!=', helperAccountId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends grants in the given states, of the claimant (claimantAccountId) or of the helper (helperAccountId). */
export async function endGrants(
  db: Db,
  by: { claimantAccountId?: string; helperAccountId?: string; id?: string },
  states: readonly ('invited' | 'active')[],
  now: number,
): Promise<GrantRow[]> {
  let q = withClaim(db)
    .select(GRANT_COLUMNS)
    .where('helper_grants.state', 'in', [...states]);
  if (by.claimantAccountId) q = q.where('helper_grants.claimant_account_id', '=', by.claimantAccountId);
  if (by.helperAccountId) q = q.where('helper_grants.helper_account_id', '=', by.helperAccountId);
  if (by.id) q = q.where('helper_grants.id', '=', by.id);
  const found = await q.execute();
  const ended: GrantRow[] = [];
  for (const g of found) {
    const r = await db
      .updateTable('helper_grants')
      .set({ state: 'ended', token_hash: null, ended_at: now })
      .where('id', '=', g.id)
      .where('state', '=', g.state)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) ended.push(g);
  }
  return ended;
}

/** The names of helpers of this claimant, by their account: for the activity list. */
export function helperNames(db: Db, claimantAccountId: string) {
  return db
    .selectFrom('helper_grants')
    .select(['helper_account_id', 'helper_name'])
    .where('claimant_account_id', '=', claimantAccountId)
    .where('helper_account_id', 'is not', null)
    .execute();
}

/** A claim's helpers, appointed and invited, newest first (the provider API's list). */
export function listGrantsOfClaim(db: Db, claimId: string): Promise<GrantRow[]> {
  return withClaim(db)
    .select(GRANT_COLUMNS)
    .where('helper_grants.claim_id', '=', claimId)
    .orderBy('helper_grants.created_at', 'desc')
    .orderBy('helper_grants.id')
    .execute();
}

/** The claims system's appointment of this claim by its reference. */
export function findAppointment(db: Db, claimId: string, ref: string): Promise<GrantRow | undefined> {
  return withClaim(db)
    .select(GRANT_COLUMNS)
    .where('helper_grants.claim_id', '=', claimId)
    .where('helper_grants.provider_ref', '=', ref)
    .executeTakeFirst();
}

/**
 * Changes an appointment in place, while it has not ended: one conditional update, so a change
 * racing an end changes nothing. A new contact of an invitation brings a new token (the old link
 * is dead).
 */
export async function changeAppointment(
  db: Db,
  id: string,
  c: {
    name: string;
    contact: string;
    scope: HelperScopeColumn;
    basis: HelperBasisColumn;
    endsOn: string | null;
    token?: { hash: string; expiresAt: number };
  },
): Promise<boolean> {
  const r = await db
    .updateTable('helper_grants')
    .set({
      helper_name: c.name,
      invited_contact: c.contact,
      scope: c.scope,
      basis: c.basis,
      ends_on: c.endsOn,
      ...(c.token ? { token_hash: c.token.hash, token_expires_at: c.token.expiresAt } : {}),
    })
    .where('id', '=', id)
    .where('state', '!=', 'ended')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The claimant changes the scope of a helper they invited, while it is open: one conditional
 * update from the scope they saw, so a change racing an end (or another change) changes nothing.
 */
export async function changeScope(
  db: Db,
  g: { id: string; claimantAccountId: string; from: HelperScopeColumn; to: HelperScopeColumn },
): Promise<boolean> {
  const r = await db
    .updateTable('helper_grants')
    .set({ scope: g.to })
    .where('id', '=', g.id)
    .where('claimant_account_id', '=', g.claimantAccountId)
    .where('provider_ref', 'is', null)
    .where('scope', '=', g.from)
    .where('state', 'in', ['invited', 'active'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
