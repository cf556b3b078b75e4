/** One set of migrations for both dialects, bundled statically (no directory scan at run time). */
import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-identity.ts';
import * as m0003 from './migrations/0003-addresses.ts';
import * as m0004 from './migrations/0004-bsb.ts';
import * as m0005 from './migrations/0005-audit.ts';
import * as m0006 from './migrations/0006-files.ts';
import * as m0007 from './migrations/0007-content.ts';
import * as m0008 from './migrations/0008-forms.ts';
import * as m0009 from './migrations/0009-sent-item-status.ts';
import * as m0010 from './migrations/0010-details-requests.ts';
import * as m0011 from './migrations/0011-provider.ts';
import * as m0012 from './migrations/0012-read-indexes.ts';
import * as m0013 from './migrations/0013-address-search-index.ts';
import * as m0014 from './migrations/0014-rate-limits.ts';
import * as m0015 from './migrations/0015-verify-sign-in-on-claimant.ts';
import * as m0016 from './migrations/0016-access-code-bounds.ts';
import * as m0017 from './migrations/0017-inbox-counts.ts';
import * as m0018 from './migrations/0018-reset-and-registration-held.ts';
import * as m0019 from './migrations/0019-payments-and-decisions.ts';
import * as m0020 from './migrations/0020-second-factors.ts';
import * as m0021 from './migrations/0021-localities.ts';
import * as m0022 from './migrations/0022-decisions-in-words.ts';
import * as m0023 from './migrations/0023-idempotency-kept-a-week.ts';
import * as m0024 from './migrations/0024-resumable-uploads.ts';
import * as m0025 from './migrations/0025-people-who-help.ts';
import * as m0026 from './migrations/0026-helper-appointments.ts';
import * as m0027 from './migrations/0027-sent-by-helper.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-identity': m0002,
  '0003-addresses': m0003,
  '0004-bsb': m0004,
  '0005-audit': m0005,
  '0006-files': m0006,
  '0007-content': m0007,
  '0008-forms': m0008,
  '0009-sent-item-status': m0009,
  '0010-details-requests': m0010,
  '0011-provider': m0011,
  '0012-read-indexes': m0012,
  '0013-address-search-index': m0013,
  '0014-rate-limits': m0014,
  '0015-verify-sign-in-on-claimant': m0015,
  '0016-access-code-bounds': m0016,
  '0017-inbox-counts': m0017,
  '0018-reset-and-registration-held': m0018,
  '0019-payments-and-decisions': m0019,
  '0020-second-factors': m0020,
  '0021-localities': m0021,
  '0022-decisions-in-words': m0022,
  '0023-idempotency-kept-a-week': m0023,
  '0024-resumable-uploads': m0024,
  '0025-people-who-help': m0025,
  '0026-helper-appointments': m0026,
  '0027-sent-by-helper': m0027,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * On PostgreSQL the migration tables are named with the connection's own schema: without it,
 * Kysely decides whether they exist by looking in every schema, so a database holding several
 * schemas (the test suite's, or a shared server's) could find another schema's tables and skip
 * creating its own.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  try {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema ?? undefined;
  } catch {
    return undefined; // SQLite has no schemas
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
