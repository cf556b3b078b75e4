import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Every word must begin a word of the address (search holds ' WORD WORD …'); shortest first. */
export async function searchLocalIndex(db: Db, words: string[], limit: number) {
  let q = db.selectFrom('addresses').select(['id', 'label', 'postcode']);
  for (const w of words) q = q.where('search', 'like', `% ${w}%`);
  return q.orderBy(sql`length(label)`).orderBy('label').limit(limit).execute();
}
