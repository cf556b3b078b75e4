/**
 * A throw-away PostgreSQL database for a benchmark: created through the admin connection
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), named
 * portal_bench_<random>, dropped (WITH (FORCE): the servers' pools may still be closing) at the end.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database.ts';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type BenchPgDatabase = { name: string; url: string; drop: () => Promise<void> };

async function admin(adminUrl: string, statement: string): Promise<void> {
  const handle = openDatabase({
    dialect: 'postgres',
    url: adminUrl,
    maxConnections: 1,
    onIdleClientError: () => undefined,
  });
  try {
    await sql.raw(statement).execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** The URL without its password, for logs and results. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export async function createPgDatabase(adminUrl = BENCH_DATABASE_URL): Promise<BenchPgDatabase> {
  const name = `portal_bench_${crypto.randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
