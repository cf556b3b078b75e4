/**
 * The bulk data of bulk-data.ts (the same rows) written to PostgreSQL: multi-row inserts of
 * BATCH rows each, every column sent as one array parameter and unpacked by unnest() (one
 * statement of a handful of parameters instead of one parameter per value, so no 65 535-parameter
 * limit), all in one transaction, then VACUUM (ANALYZE). pg-copy-streams (COPY FROM STDIN) is
 * not a dependency of the repository.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { bulkClaimants, bulkContext, bulkMessages, bulkPayments, type BulkRow, type BulkSizes } from './bulk-data.ts';

const BATCH = 5_000;

type Trx = Transaction<Database>;

/** Each column's type as PostgreSQL declares it (text, integer, bigint), for the array casts. */
async function columnTypes(trx: Trx, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(trx);
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

/** A writer of one table: insert(rows) sends them as one statement. */
async function tableWriter(trx: Trx, table: string) {
  const types = await columnTypes(trx, table);
  return async (rows: readonly BulkRow[]): Promise<void> => {
    const first = rows[0];
    if (!first) return;
    const columns = Object.keys(first);
    const arrays = columns.map((column) => {
      const type = types.get(column);
      if (!type) throw new Error(`${table}.${column} is not a column of the migrated schema`);
      const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
      return sql`${values}::${sql.raw(type)}[]`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(
      trx,
    );
  };
}

/** Sends `rows` BATCH at a time; the next batch is made while the previous one is written. */
async function writeAll(write: (rows: readonly BulkRow[]) => Promise<void>, rows: Iterable<BulkRow>): Promise<void> {
  let pending: Promise<void> = Promise.resolve();
  let batch: BulkRow[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length < BATCH) continue;
    await pending;
    pending = write(batch);
    batch = [];
  }
  await pending;
  await write(batch);
}

export async function insertBulkDataPg(db: Db, sizes: BulkSizes): Promise<{ seconds: number; analyzeSeconds: number }> {
  const started = Date.now();
  const ctx = await bulkContext();
  await db.transaction().execute(async (trx) => {
    const claimants = [...bulkClaimants(sizes.claimants, ctx)];
    // Parents before children, as the foreign keys require.
    for (const [table, rows] of [
      ['claimants', claimants.map((c) => c.claimant)],
      ['accounts', claimants.map((c) => c.account)],
      ['known_devices', claimants.map((c) => c.device)],
      ['claims', claimants.map((c) => c.claim)],
    ] as const) {
      await writeAll(await tableWriter(trx, table), rows);
    }
    const claimIds = claimants.map((c) => c.claim.id);
    await writeAll(await tableWriter(trx, 'inbox_messages'), bulkMessages(claimIds, sizes, ctx));
    await writeAll(await tableWriter(trx, 'payments'), bulkPayments(claimIds, sizes, ctx));
  });
  const loaded = Date.now();
  // Planner statistics for the new rows, and the visibility map (index-only scans), now rather
  // than by an autovacuum that a million inserted rows would start in the middle of the load.
  await sql`vacuum (analyze)`.execute(db);
  return { seconds: (Date.now() - started) / 1000, analyzeSeconds: (Date.now() - loaded) / 1000 };
}
