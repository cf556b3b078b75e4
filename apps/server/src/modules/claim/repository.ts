import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';

/** My Claims and the claim switcher ask for this on every page: compiled once (db/prepared.ts). */
export const listClaims = preparedQuery((db: Db, claimantId: string) =>
  db
    .selectFrom('claims')
    .select(['id', 'number', 'accident_date', 'location'])
    .where('claimant_id', '=', claimantId)
    .orderBy('accident_date', 'desc')
    .orderBy('number'),
);

export async function findClaimByNumber(db: Db, claimantId: string, number: string) {
  return db
    .selectFrom('claims')
    .select(['id'])
    .where('claimant_id', '=', claimantId)
    .where('number', '=', number)
    .executeTakeFirst();
}
