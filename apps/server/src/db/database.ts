/** Kysely over better-sqlite3 (embedded default) or pg (DATABASE_URL=postgres://…). */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';
export type DbHandle = { db: Db; dialect: DialectName; close: () => Promise<void> };

const INT8_OID = 20;

/** PostgreSQL returns bigint as text; instants here are epoch ms, well inside 2^53. */
function pgTypes() {
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
  } as unknown as pg.CustomTypesConfig;
}

export type OpenOptions =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; maxConnections?: number };

export function openDatabase(options: OpenOptions): DbHandle {
  if (options.dialect === 'sqlite') {
    if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
    const sqlite = new SQLite(options.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    types: pgTypes(),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export function databaseOptions(databaseUrl: string | undefined, dataDir: string): OpenOptions {
  return databaseUrl
    ? { dialect: 'postgres', url: databaseUrl }
    : { dialect: 'sqlite', file: path.join(dataDir, 'portal.db') };
}
