/**
 * The embedded database: Node's own SQLite (`node:sqlite`), seen by Kysely through the small
 * interface its SqliteDialect drives (decision 027: no native addon to build for the runtime).
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE = 500;

/** One prepared statement as Kysely calls it: parameters as one array, `reader` when it returns rows. */
function kyselyStatement(statement: StatementSync): SqliteStatement {
  type Values = Parameters<StatementSync['all']>;
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as Values)),
    run: (parameters) => statement.run(...(parameters as Values)),
    iterate: (parameters) => statement.iterate(...(parameters as Values)),
  };
}

/**
 * Opens (creating its folder's file if needed) with the portal's settings: write-ahead log,
 * commits on disk before they answer, foreign keys, and a wait rather than "busy" while another
 * connection writes.
 */
export function openSqlite(file: string): DatabaseSync {
  // Loaded when first used, not imported: on an unsupported Node.js the entry point's own check
  // (runtime.ts) speaks first instead of a missing built-in at load.
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const sqlite = new DatabaseSync(file);
  sqlite.exec(
    'pragma journal_mode = WAL; pragma synchronous = FULL; pragma foreign_keys = ON; pragma busy_timeout = 5000;',
  );
  return sqlite;
}

/**
 * Kysely prepares every query afresh; preparing is the largest single cost of a request on
 * SQLite (bench/). Statements are kept by their SQL text (bounded, least recently used out) and
 * reused — safe, as the one connection runs one statement at a time.
 */
export function kyselySqlite(sqlite: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = cache.get(source);
      if (statement) cache.delete(source);
      else statement = kyselyStatement(sqlite.prepare(source));
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
