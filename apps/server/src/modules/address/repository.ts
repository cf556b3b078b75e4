import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Addresses where every typed word begins a word of the address, through the word-prefix index
 * (migration 0013). Matching is bounded — at most SCANNED hits are read, CANDIDATES kept — and
 * those are ordered shortest first (the most general address a few words can mean), so a
 * one-word query over a whole city costs about the same as a precise one.
 */
const CANDIDATES = 400;
/** Hits read from the index before the common words are checked on them (bounds the worst case). */
const SCANNED = 4000;

/**
 * Words in a large share of all addresses (street types, states): matching them through the
 * index means walking a posting list of millions, so when rarer words are typed too these are
 * checked on the rows the rarer words found instead.
 */
const COMMON_WORDS = new Set([
  'ST',
  'STREET',
  'RD',
  'ROAD',
  'AVE',
  'AVENUE',
  'DR',
  'DRIVE',
  'CT',
  'COURT',
  'PL',
  'PLACE',
  'CRES',
  'CRESCENT',
  'LANE',
  'LN',
  'WAY',
  'TCE',
  'TERRACE',
  'PDE',
  'PARADE',
  'CL',
  'CLOSE',
  'BVD',
  'BOULEVARD',
  'HWY',
  'HIGHWAY',
  'GR',
  'GROVE',
  'SQ',
  'SQUARE',
  'CCT',
  'CIRCUIT',
  'VIC',
  'NSW',
  'QLD',
  'SA',
  'WA',
  'TAS',
  'NT',
  'ACT',
  'UNIT',
  'FLAT',
  'LEVEL',
]);

/** The words to match through the index and those to check on its hits; each word is a prefix. */
function plan(words: string[]) {
  const terms = words.map((w) => ({ word: w, common: COMMON_WORDS.has(w) }));
  const indexed = terms.some((t) => !t.common) ? terms.filter((t) => !t.common) : terms;
  return { indexed, checked: terms.filter((t) => !indexed.includes(t)) };
}

export async function searchLocalIndex(db: Db, words: string[], limit: number) {
  if (words.some((w) => !/^[A-Z0-9]+$/.test(w))) throw new Error('address words must be normalised (searchText)');
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const { indexed, checked } = plan(words);
    const match = indexed.map((t) => `"${t.word}"*`).join(' AND ');
    const filters = checked.map((t) => sql`and a.search like ${`% ${t.word}%`}`);
    const { rows } = await sql<{ id: string; label: string; postcode: string }>`
      select id, label, postcode from (
        select a.id, a.label, a.postcode from addresses a
        where a.rowid in (select rowid from addresses_fts where addresses_fts match ${match} limit ${filters.length ? SCANNED : CANDIDATES})
        ${sql.join(filters, sql` `)}
        limit ${CANDIDATES}
      ) order by length(label), label limit ${limit}`.execute(db);
    return rows;
  }
  const { indexed, checked } = plan(words);
  const query = indexed.map((t) => `${t.word.toLowerCase()}:*`).join(' & ');
  const filters = checked.map((t) => sql`and search like ${`% ${t.word}%`}`);
  const { rows } = await sql<{ id: string; label: string; postcode: string }>`
    select id, label, postcode from (
      select id, label, postcode from addresses where search_terms @@ to_tsquery('simple', ${query}) ${sql.join(filters, sql` `)} limit ${CANDIDATES}
    ) hits order by length(label), label limit ${limit}`.execute(db);
  return rows;
}
