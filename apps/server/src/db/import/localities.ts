/**
 * Imports the list of Australian localities (localities-au.csv: a header naming at least
 * locality, state and postcode; one locality and postcode a line) into `localities`, against which
 * an address entered by hand is checked. Columns are found by name. The import replaces
 * the table whole, in one transaction, so a later list goes in unchanged, importing the same file
 * again changes nothing, and a failed import leaves the list as it was.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { AUSTRALIAN_STATES, localityName } from '@portal/contracts';
import type { Db } from '../database.ts';
import type { LocalityTable } from '../schema.ts';
import { parseCsvLine } from '../../lib/csv.ts';

const REQUIRED = ['locality', 'state', 'postcode'] as const;
/** Three values a row: well under SQLite's limit of bound values a statement. */
const BATCH = 500;
/** The states and territories of the claimant's form, and OT (Christmas, Cocos and Norfolk Islands). */
const STATES = new Set<string>([...AUSTRALIAN_STATES, 'OT']);

export async function importLocalities(db: Db, file: string): Promise<number> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let columns: Record<string, number> | undefined;
  const rows = new Map<string, LocalityTable>();
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    const cells = parseCsvLine(line).map((c) => c.trim());
    if (!columns) {
      columns = Object.fromEntries(cells.map((name, i) => [name.toLowerCase(), i]));
      const missing = REQUIRED.filter((c) => columns?.[c] === undefined);
      if (missing.length) throw new Error(`not a localities file: missing ${missing.join(', ')}`);
      continue;
    }
    const cell = (name: (typeof REQUIRED)[number]) => cells[columns?.[name] ?? -1] ?? '';
    const row = { locality: localityName(cell('locality')), state: cell('state'), postcode: cell('postcode') };
    if (!row.locality || !STATES.has(row.state) || !/^[0-9]{4}$/.test(row.postcode))
      throw new Error(`bad localities line ${lineNumber}: ${line.slice(0, 80)}`);
    rows.set(`${row.postcode} ${row.state} ${row.locality}`, row);
  }
  // An empty list would refuse every address entered by hand.
  if (rows.size === 0) throw new Error('not a localities file: it holds no localities');
  const all = [...rows.values()];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('localities').execute();
    for (let i = 0; i < all.length; i += BATCH)
      await trx
        .insertInto('localities')
        .values(all.slice(i, i + BATCH))
        .execute();
  });
  return all.length;
}
