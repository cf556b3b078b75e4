/**
 * Where @fastify/rate-limit keeps its counters, so the per-address limits hold across every
 * server process: in Redis when REDIS_URL is set, else in the database on PostgreSQL (several
 * processes serve one portal), else in the one process's memory (embedded SQLite).
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Clock } from '../lib/clock.ts';

export function rateLimitStorage(deps: Deps, redis: Redis | undefined, counters: Db | undefined): Partial<RateLimitPluginOptions> {
  if (redis) {
    return {
      // The plugin's own Redis store: one Lua script per request (INCR, PEXPIRE on the first),
      // so the counting is atomic and every key expires by itself at the end of its window.
      redis,
      nameSpace: 'rate-limit:',
      // Redis unreachable: the general limit lets requests through uncounted rather than the
      // whole API failing with it; routes' own limits refuse them (refuseUncountedOwnLimits).
      skipOnError: true,
    };
  }
  if (deps.dialect === 'postgres') return { store: databaseRateLimitStore(counters ?? deps.db, deps.clock) };
  return {};
}

/**
 * With Redis, a route's own limit (sign-in, registration and recovery, the survey's identity
 * check: the calls worth guessing at) does not go uncounted when Redis fails: the request is
 * refused. Added as an onRoute hook before the plugin's own, which reads the merged options.
 */
export function refuseUncountedOwnLimits(route: RouteOptions): void {
  const own = route.config?.rateLimit;
  if (own) route.config = { ...route.config, rateLimit: { ...own, skipOnError: false } };
}

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** Rows whose window ended this long ago are removed now and then. */
const STALE_MS = 60 * 60_000;
const CLEAN_EVERY = 500;

/**
 * A store that keeps the counters in the database. One atomic upsert per request: a fixed
 * window per key, restarted when it has run out. Given the database's `counters` connections
 * (DbHandle), its commit does not wait for the WAL to reach the disk: a counter lost in a crash
 * costs nothing, while waiting for an fsync on every API call held the row — one per client
 * address, so all of an office's requests — locked for milliseconds each (bench/RESULTS.md).
 */
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
