import type { Db } from '../../db/database.ts';

export async function findBranch(db: Db, bsb: string) {
  return db.selectFrom('bsb_directory').select(['branch', 'streams']).where('bsb', '=', bsb).executeTakeFirst();
}

/** The institution of the longest of the given prefixes that is listed. */
export async function findInstitution(db: Db, prefixes: string[]) {
  return db
    .selectFrom('bank_institutions')
    .select(['name'])
    .where('prefix', 'in', prefixes)
    .orderBy('prefix', 'desc')
    .executeTakeFirst();
}
