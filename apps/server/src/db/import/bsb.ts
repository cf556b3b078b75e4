/**
 * Imports AusPayNet's monthly full BSB directory (no header; 8 quoted columns; CRLF) and the
 * institution-name list (header: prefix,mnemonic,name). Each import replaces its table whole, in
 * one transaction, so next month's file goes in unchanged and a failed import changes nothing.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import type { Db } from '../database.ts';
import type { BsbTable } from '../schema.ts';
import { parseCsvLine } from '../../lib/csv.ts';

const BATCH = 500;

async function* csvRows(file: string): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield parseCsvLine(line).map((c) => c.trim());
}

export async function importBsbDirectory(db: Db, file: string): Promise<number> {
  const rows: BsbTable[] = [];
  for await (const cells of csvRows(file)) {
    const [bsb, mnemonic, branch, address, suburb, state, postcode, streams] = cells;
    if (!bsb || !/^[0-9]{3}-[0-9]{3}$/.test(bsb) || streams === undefined) {
      throw new Error(`not an AusPayNet BSB directory line: ${cells.slice(0, 3).join(',')}`);
    }
    rows.push({
      bsb,
      mnemonic: mnemonic ?? '',
      branch: branch ?? '',
      address: address ?? '',
      suburb: suburb ?? '',
      state: state ?? '',
      postcode: postcode ?? '',
      streams,
    });
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bsb_directory').execute();
    for (let i = 0; i < rows.length; i += BATCH)
      await trx
        .insertInto('bsb_directory')
        .values(rows.slice(i, i + BATCH))
        .execute();
  });
  return rows.length;
}

export async function importInstitutions(db: Db, file: string): Promise<number> {
  const rows: { prefix: string; mnemonic: string; name: string }[] = [];
  let header = true;
  for await (const [prefix, mnemonic, name] of csvRows(file)) {
    if (header) {
      header = false;
      if (prefix !== 'prefix') throw new Error('not an institutions file: expected the header prefix,mnemonic,name');
      continue;
    }
    if (!prefix || !/^[0-9]{2,3}$/.test(prefix) || !name) throw new Error(`bad institutions line: ${prefix}`);
    rows.push({ prefix, mnemonic: mnemonic ?? '', name });
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bank_institutions').execute();
    if (rows.length) await trx.insertInto('bank_institutions').values(rows).execute();
  });
  return rows.length;
}
