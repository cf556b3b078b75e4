/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so the per-address
 * limits hold across every server process (on PostgreSQL, several processes serve one portal).
 * One atomic upsert per request: a fixed window per key, restarted when it has run out.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** Rows whose window ended this long ago are removed now and then. */
const STALE_MS = 60 * 60_000;
const CLEAN_EVERY = 500;

export function databaseRateLimitStore(db: Db, clock: Clock) {
  let calls = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly namespace = '',
    ) {}

    // The plugin passes the window and the limit (its type declarations lag behind).
    incr(key: string, callback: Callback, timeWindow = 60_000, _max?: number): void {
      const now = clock.now();
      const id = `${this.namespace}${key}`;
      sql<{ count: number; window_start: number }>`
        insert into rate_limits (key, window_start, count) values (${id}, ${now}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start + ${timeWindow} <= ${now} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start + ${timeWindow} <= ${now} then ${now} else rate_limits.window_start end
        returning count, window_start`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0] as { count: number | string; window_start: number | string };
          callback(null, { current: Number(row.count), ttl: Number(row.window_start) + timeWindow - now });
        }, (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))));
      if (++calls % CLEAN_EVERY === 0) void db.deleteFrom('rate_limits').where('window_start', '<', now - STALE_MS).execute().catch(() => undefined);
    }

    /** Limits of one route count apart from the general one. */
    child(routeOptions: object) {
      // At run time the plugin passes its merged parameters with the route as routeInfo.
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(routeOptions, `${String(route?.method ?? '')} ${route?.url ?? ''}|`);
    }
  };
}
