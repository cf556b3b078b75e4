import type { Db } from '../../db/database.ts';

export async function listClaims(db: Db, claimantId: string) {
  return db
    .selectFrom('claims')
    .select(['id', 'number', 'accident_date', 'location'])
    .where('claimant_id', '=', claimantId)
    .orderBy('accident_date', 'desc')
    .orderBy('number')
    .execute();
}

export async function findClaimByNumber(db: Db, claimantId: string, number: string) {
  return db
    .selectFrom('claims')
    .select(['id'])
    .where('claimant_id', '=', claimantId)
    .where('number', '=', number)
    .executeTakeFirst();
}
