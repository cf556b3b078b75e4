import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool', () => {
  it('survives the server closing an idle connection and reconnects on the next query', async () => {
    const errors: string[] = [];
    const handle = openDatabase({ dialect: 'postgres', url: url as string, maxConnections: 1, onIdleClientError: (e) => errors.push(e.message) });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]).toMatch(/terminating connection/);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
