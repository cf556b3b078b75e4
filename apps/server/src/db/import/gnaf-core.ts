/**
 * Imports a G-NAF Core file (pipe-separated, with its header line) into the address index,
 * streaming: a full state file (millions of rows) goes through in bounded memory. Columns are
 * found by name, so a later release with more columns imports unchanged.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import type { Db } from '../database.ts';
import type { AddressTable } from '../schema.ts';

const REQUIRED = ['ADDRESS_DETAIL_PID', 'ADDRESS_LABEL', 'LOCALITY_NAME', 'STATE', 'POSTCODE'] as const;
const BATCH = 500;

export function searchText(label: string): string {
  return ` ${label
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()}`;
}

export async function importGnafCore(db: Db, file: string): Promise<number> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let columns: Record<string, number> | undefined;
  let batch: AddressTable[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insertInto('addresses')
      .values(batch)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          label: eb.ref('excluded.label'),
          locality: eb.ref('excluded.locality'),
          state: eb.ref('excluded.state'),
          postcode: eb.ref('excluded.postcode'),
          search: eb.ref('excluded.search'),
        })),
      )
      .execute();
    count += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (!line.trim()) continue;
    const cells = line.split('|');
    if (!columns) {
      columns = Object.fromEntries(cells.map((name, i) => [name.trim(), i]));
      const missing = REQUIRED.filter((c) => columns?.[c] === undefined);
      if (missing.length) throw new Error(`not a G-NAF Core file: missing ${missing.join(', ')}`);
      continue;
    }
    const cell = (name: (typeof REQUIRED)[number]) => (cells[columns?.[name] ?? -1] ?? '').trim();
    const label = cell('ADDRESS_LABEL');
    if (!label) continue;
    batch.push({
      id: cell('ADDRESS_DETAIL_PID'),
      label,
      locality: cell('LOCALITY_NAME'),
      state: cell('STATE'),
      postcode: cell('POSTCODE'),
      search: searchText(label),
    });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}
