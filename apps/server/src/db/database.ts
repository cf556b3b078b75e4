/** Kysely over Node's SQLite (embedded default) or pg (DATABASE_URL=postgres://…). */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { statementName } from './prepared.ts';
import { kyselySqlite, openSqlite } from './sqlite.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';
export type DbHandle = {
  db: Db;
  dialect: DialectName;
  close: () => Promise<void>;
  /**
   * PostgreSQL only: a small pool whose commits do not wait for the WAL to reach the disk
   * (synchronous_commit off), for counters whose loss in a crash costs nothing — the per-address
   * rate limits, written on every API call. Never for anything a claimant sent.
   */
  counters?: Db;
  /** PostgreSQL only: the connection string, for the read caches' LISTEN connection (lib/read-cache.ts). */
  url?: string;
  /**
   * SQLite only: PRAGMA data_version, which changes when another connection (another process on
   * the same file: the CLI) commits — how the read caches see writes made outside the process.
   */
  dataVersion?: () => number;
};

const INT8_OID = 20;

/**
 * A connection not made within this is given up: a database host that does not answer at all
 * (down, or a firewall dropping the packets) is then a "busy" answer (198, decision 037) within
 * seconds, not a request hanging until its time-out. It bounds a wait for a free pooled
 * connection too: one that long means the database is saturated, and busy is the truth.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/** PostgreSQL returns bigint as text; instants here are epoch ms, well inside 2^53. */
function pgTypes() {
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
  } as unknown as pg.CustomTypesConfig;
}

/**
 * A pg client that runs preparedQuery's statements as named prepared statements: parsed and
 * planned once per connection rather than on every call (the planning of the session lookup's
 * join cost PostgreSQL more than running it; bench/RESULTS.md). Every other query goes as it is.
 */
class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while the pool has the client out (a query running, or between two of a
    // transaction) is emitted as 'error' with no listener of the pool's: without one of its own the
    // process would end. The query in flight fails with the error itself, and the pool drops the
    // client when it is given back (pg marks it no longer queryable).
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name =
      typeof text === 'string' && Array.isArray(values) && args.length === 2 ? statementName(text) : undefined;
    const forward = super.query as (...a: unknown[]) => never;
    return name ? forward.call(this, { name, text, values }) : forward.apply(this, args);
  }
}

export type OpenOptions =
  | { dialect: 'sqlite'; file: string }
  | {
      dialect: 'postgres';
      url: string;
      maxConnections?: number;
      /**
       * An idle pooled connection the server closed (a PostgreSQL restart, a fail-over, an
       * administrator). The pool drops it and opens another on demand; without a listener
       * the error would be thrown and end the process.
       */
      onIdleClientError?: (error: Error) => void;
    };

export function openDatabase(options: OpenOptions): DbHandle {
  if (options.dialect === 'sqlite') {
    if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
    const sqlite = openSqlite(options.file);
    const database = kyselySqlite(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    const version = sqlite.prepare('pragma data_version');
    const dataVersion = () => Number((version.get() as { data_version: number }).data_version);
    return { db, dialect: 'sqlite', close: () => db.destroy(), dataVersion };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    types: pgTypes(),
    Client: PreparingClient,
  });
  const onIdleError =
    options.onIdleClientError ??
    ((error: Error) => console.error(`database: idle connection closed: ${error.message}`));
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const countersPool = new pg.Pool({
    connectionString: options.url,
    max: 4,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    types: pgTypes(),
    Client: PreparingClient,
    options: '-c synchronous_commit=off',
  });
  countersPool.on('error', onIdleError);
  const counters = new Kysely<Database>({ dialect: new PostgresDialect({ pool: countersPool }) });
  return {
    db,
    dialect: 'postgres',
    counters,
    url: options.url,
    close: async () => {
      await Promise.all([db.destroy(), counters.destroy()]);
    },
  };
}

export function databaseOptions(databaseUrl: string | undefined, dataDir: string): OpenOptions {
  return databaseUrl
    ? { dialect: 'postgres', url: databaseUrl }
    : { dialect: 'sqlite', file: path.join(dataDir, 'portal.db') };
}
