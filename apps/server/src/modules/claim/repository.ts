import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';

/** My Claims and the claim switcher ask for this on every page: compiled once (db/prepared.ts). */
export const listClaims = preparedQuery((db: Db, claimantId: string) =>
  db
    .selectFrom('claims')
    .select(['id', 'number', 'accident_date', 'location', 'is_state_trustee', 'bank_edit_allowed'])
    .where('claimant_id', '=', claimantId)
    .orderBy('accident_date', 'desc')
    .orderBy('number'),
);

/** The claims system's values of a claim: a new claim of this claimant, or a known one updated by its number. */
export type ClaimValues = {
  accident_date: string;
  location: string | null;
  is_state_trustee: number;
  bank_edit_allowed: number;
};

export async function insertClaim(db: Db, c: ClaimValues & { id: string; claimant_id: string; number: string }) {
  await db.insertInto('claims').values(c).execute();
}

export async function updateClaimByNumber(db: Db, number: string, values: ClaimValues): Promise<void> {
  await db.updateTable('claims').set(values).where('number', '=', number).execute();
}

/** The claimant behind a claim number, with their account if they registered: the identity checks' one lookup. */
export async function findClaimantByClaimNumber(db: Db, claimNumber: string) {
  return db
    .selectFrom('claims')
    .innerJoin('claimants', 'claimants.id', 'claims.claimant_id')
    .leftJoin('accounts', 'accounts.claimant_id', 'claimants.id')
    .select([
      'claims.id as claim_id',
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
