/**
 * Re-sealing every value kept encrypted at rest under the current data key, in the current format
 * (v3, bound to its row): what `portal keys rotate` runs after a new DATA_ENCRYPTION_KEY, so the
 * earlier keys in DATA_ENCRYPTION_KEYS_PREVIOUS can be dropped (docs/operations/key-rotation.md).
 *
 * - In batches, each in its own transaction, walking each table by id: an interrupted run keeps
 *   what it wrote, and running again continues where it stopped.
 * - Idempotent: a value already current is left as it is, so a second run writes nothing.
 * - Each write is a compare-and-set of the sealed column alone: a value the portal changed in the
 *   meantime (a claimant saving new bank details) is the portal's, already sealed the current way.
 * - A value no configured key opens is counted and left alone: the earlier key is still needed.
 *
 * It writes the sealed columns of five tables itself rather than through each table's owner
 * (decision 021): one column, compared and set, never any other field of the row.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { payeeSealedAt, sealedAt, type Cipher } from '../../lib/crypto.ts';

export const ROTATE_BATCH_SIZE = 500;

/** What one place holding sealed values answered. */
export type ResealCount = {
  place: string;
  checked: number;
  resealed: number;
  current: number;
  unreadable: number;
  changedMeanwhile: number;
};

type Row = { id: string; value: string };

/**
 * A place holding sealed values: a column of sealed text, or a column of JSON whose
 * Payee.BankAccNoSealed is sealed (a reimbursement paying someone else, and its outbox event).
 */
type Place = {
  table: 'claimants' | 'notifications' | 'forms' | 'provider_outbox' | 'authenticators';
  column: string;
  /** The stored value re-sealed; null when there is nothing to do; throws when it cannot be opened. */
  reseal: (cipher: Cipher, row: Row) => string | null;
  /** Only rows that can hold a sealed value (JSON columns: the ones naming a sealed payee number). */
  json?: boolean;
};

const sealedColumn = (table: Place['table'], column: string): Place => ({
  table,
  column,
  reseal: (cipher, row) => {
    if (cipher.isCurrent(row.value)) return null;
    const at = sealedAt(table, column, row.id);
    return cipher.encrypt(cipher.decrypt(row.value, at), at);
  },
});

const payeeNumberIn = (
  table: Place['table'],
  column: string,
  formIdOf: (row: Row, data: Record<string, unknown>) => unknown,
): Place => ({
  table,
  column,
  json: true,
  reseal: (cipher, row) => {
    const data = JSON.parse(row.value) as Record<string, unknown>;
    const payee = data.Payee as Record<string, unknown> | undefined;
    const sealed = payee?.BankAccNoSealed;
    if (!payee || typeof sealed !== 'string' || cipher.isCurrent(sealed)) return null;
    const at = payeeSealedAt(String(formIdOf(row, data)));
    payee.BankAccNoSealed = cipher.encrypt(cipher.decrypt(sealed, at), at);
    return JSON.stringify(data);
  },
});

const PLACES: Place[] = [
  sealedColumn('claimants', 'bank_account_number_enc'),
  payeeNumberIn('forms', 'data', (row) => row.id),
  payeeNumberIn('provider_outbox', 'payload', (_row, data) => data.FormId),
  sealedColumn('notifications', 'recipient_enc'),
  sealedColumn('notifications', 'body_enc'),
  sealedColumn('authenticators', 'secret_enc'),
];

async function page(db: Kysely<Database>, place: Place, after: string, limit: number): Promise<Row[]> {
  const column = sql.ref(place.column);
  const onlyPayees = place.json ? sql`and ${column} like ${'%"BankAccNoSealed"%'}` : sql``;
  const { rows } = await sql<Row>`select id, ${column} as value from ${sql.table(place.table)}
    where ${column} is not null and id > ${after} ${onlyPayees} order by id limit ${limit}`.execute(db);
  return rows;
}

async function resealPlace(
  db: Kysely<Database>,
  cipher: Cipher,
  place: Place,
  batchSize: number,
  onBatch?: (count: ResealCount) => void,
): Promise<ResealCount> {
  const count: ResealCount = {
    place: `${place.table}.${place.column}`,
    checked: 0,
    resealed: 0,
    current: 0,
    unreadable: 0,
    changedMeanwhile: 0,
  };
  let after = '';
  for (;;) {
    const rows = await page(db, place, after, batchSize);
    if (!rows.length) return count;
    after = (rows[rows.length - 1] as Row).id;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        count.checked += 1;
        let next: string | null;
        try {
          next = place.reseal(cipher, row);
        } catch {
          count.unreadable += 1;
          continue;
        }
        if (next === null) {
          count.current += 1;
          continue;
        }
        const column = sql.ref(place.column);
        const res =
          await sql`update ${sql.table(place.table)} set ${column} = ${next} where id = ${row.id} and ${column} = ${row.value}`.execute(
            trx,
          );
        if (Number(res.numAffectedRows ?? 0) === 1) count.resealed += 1;
        else count.changedMeanwhile += 1;
      }
    });
    onBatch?.({ ...count });
  }
}

/** Re-seals every value at rest that is not current (key and format); answers what it found in each place. */
export async function resealAll(
  db: Kysely<Database>,
  cipher: Cipher,
  options: { batchSize?: number; onBatch?: (count: ResealCount) => void } = {},
): Promise<ResealCount[]> {
  const counts: ResealCount[] = [];
  for (const place of PLACES)
    counts.push(await resealPlace(db, cipher, place, options.batchSize ?? ROTATE_BATCH_SIZE, options.onBatch));
  return counts;
}
