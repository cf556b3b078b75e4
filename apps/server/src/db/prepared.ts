/**
 * Queries built and compiled once, then run with new parameters. Building a query with Kysely
 * and compiling it to SQL costs tens of microseconds — more than running a small indexed query —
 * and the calls made on every request (the session lookup, the inbox counts and page) repeat the
 * same shape each time (bench/RESULTS.md, API throughput).
 *
 * On PostgreSQL the compiled statement is also prepared on each connection the first time it runs
 * there (statementName, used by database.ts): parsing and planning a query cost PostgreSQL more
 * than running these indexed lookups, and the session lookup runs on every request.
 *
 * `build` is called once per dialect with placeholders in place of the arguments, so it must use
 * its arguments only as values in the query (never branch on them, never spread an array into an
 * `in` list); everything else in the statement must be fixed.
 */
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Stands in for the index-th argument while the query is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

type AnyDb = Kysely<Database>;

/** SQL text → the name it is prepared under; only texts compiled by preparedQuery (a fixed, small set). */
const statementNames = new Map<string, string>();

/** The name a PostgreSQL connection prepares this SQL text under, if it is one of preparedQuery's. */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

export function preparedQuery<Args extends readonly unknown[], Row>(
  build: (db: AnyDb, ...args: Args) => Compilable<Row>,
): (db: AnyDb, ...args: Args) => Promise<Row[]> {
  // One compiled statement per dialect adapter: a transaction shares its database's adapter.
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      const placeholders = args.map((_, i) => new Placeholder(i)) as unknown as Args;
      query = build(db, ...placeholders).compile();
      const missing = args.findIndex(
        (_, i) => !query?.parameters.some((p) => p instanceof Placeholder && p.index === i),
      );
      if (missing >= 0) throw new Error(`preparedQuery: argument ${missing} is not a parameter of ${query.sql}`);
      compiled.set(adapter, query);
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `portal_${statementNames.size + 1}`);
    }
    const parameters = query.parameters.map((p) => (p instanceof Placeholder ? args[p.index] : p));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
