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
import { preparedQuery } from '../db/prepared.ts';
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

/** Adds `hits` to a key's count in one atomic upsert: a fixed window per key, restarted when it has run out. */
const addHits = preparedQuery((db: Db, id: string, hits: number, now: number, timeWindow: number) => {
  const query = sql<{ count: number | string; window_start: number | string }>`
    insert into rate_limits (key, window_start, count) values (${id}, ${now}, ${hits})
    on conflict (key) do update set
      count = case when rate_limits.window_start + ${timeWindow} <= ${now} then excluded.count else rate_limits.count + excluded.count end,
      window_start = case when rate_limits.window_start + ${timeWindow} <= ${now} then ${now} else rate_limits.window_start end
    returning count, window_start`;
  return { compile: () => query.compile(db) };
});

/**
 * One address's general-limit hits as this process knows them: the database's count when it last
 * answered (`shared`), hits on their way there (`inFlight`) and hits not yet sent (`pending`).
 */
type Tally = { windowStart: number; shared: number; inFlight: number; pending: number };

/** Pending hits go to the database this often, or as soon as this many have gathered. */
export const FLUSH_EVERY_MS = 100;
export const FLUSH_AT = 32;

/**
 * A store that keeps the counters in the database, so the limits hold across processes. Given
 * the database's `counters` connections (DbHandle), its commits do not wait for the WAL to reach
 * the disk: a counter lost in a crash costs nothing.
 *
 * A route's own limit (sign-in, recovery: the calls worth guessing at) is counted exactly, one
 * upsert per request. The general per-address limit is written on every API call, and one
 * upsert per request on the one row of an address — every connection of every process, for an
 * office behind one address — was the largest cost of a PostgreSQL request (bench/RESULTS.md).
 * So while an address is below half its limit, each process counts its hits in memory and adds
 * them to the database every FLUSH_EVERY_MS (or FLUSH_AT hits), judging each request by the
 * database's count plus its own unsent hits; from half the limit on, every request is counted
 * in the database, with the process's unsent hits, before it is answered. An address can
 * therefore pass its limit by at most what the other processes had counted and not yet sent: for
 * each, less than half the limit and less than 2 × FLUSH_AT (decision 018).
 */
export function databaseRateLimitStore(db: Db, clock: Clock) {
  let calls = 0;
  const tallies = new Map<string, Tally>();
  let timer: NodeJS.Timeout | undefined;

  async function add(id: string, hits: number, now: number, timeWindow: number): Promise<{ count: number; windowStart: number }> {
    if (++calls % CLEAN_EVERY === 0) {
      void db.deleteFrom('rate_limits').where('window_start', '<', now - STALE_MS).execute().catch(() => undefined);
      // Every address that ever called has a tally: those whose window has ended are forgotten.
      for (const [key, tally] of tallies) {
        if (tally.pending === 0 && tally.inFlight === 0 && tally.windowStart + timeWindow <= now) tallies.delete(key);
      }
    }
    const [row] = await addHits(db, id, hits, now, timeWindow);
    return { count: Number(row?.count), windowStart: Number(row?.window_start) };
  }

  function send(id: string, tally: Tally, timeWindow: number): void {
    const hits = tally.pending;
    tally.pending = 0;
    tally.inFlight += hits;
    add(id, hits, clock.now(), timeWindow).then(
      ({ count, windowStart }) => {
        tally.inFlight -= hits;
        if (windowStart !== tally.windowStart) Object.assign(tally, { windowStart, shared: count });
        else tally.shared = Math.max(tally.shared, count);
      },
      () => {
        // Kept for the flush after the address's next request: the database may be back by then.
        tally.inFlight -= hits;
        tally.pending += hits;
      },
    );
  }

  function flushSoon(timeWindow: number): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      const now = clock.now();
      for (const [id, tally] of tallies) {
        if (tally.pending > 0) send(id, tally, timeWindow);
        else if (tally.inFlight === 0 && tally.windowStart + timeWindow <= now) tallies.delete(id);
      }
    }, FLUSH_EVERY_MS);
    timer.unref();
  }

  return class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly namespace = '',
      private readonly batched = true,
    ) {}

    // The plugin passes the window and the limit (its type declarations lag behind).
    incr(key: string, callback: Callback, timeWindow = 60_000, max = Infinity): void {
      const now = clock.now();
      const id = `${this.namespace}${key}`;
      const tally = this.batched ? tallies.get(id) : undefined;
      if (tally && now < tally.windowStart + timeWindow && tally.shared + tally.inFlight + tally.pending + 1 < max / 2) {
        tally.pending += 1;
        if (tally.pending >= FLUSH_AT) send(id, tally, timeWindow);
        else flushSoon(timeWindow);
        callback(null, { current: tally.shared + tally.inFlight + tally.pending, ttl: tally.windowStart + timeWindow - now });
        return;
      }
      // Counted in the database before the answer, with this process's hits not yet sent.
      const hits = 1 + (tally?.pending ?? 0);
      if (tally) tally.pending = 0;
      add(id, hits, now, timeWindow).then(
        ({ count, windowStart }) => {
          const known = this.batched ? tallies.get(id) : undefined;
          if (known && known.windowStart === windowStart) known.shared = Math.max(known.shared, count);
          else if (this.batched) tallies.set(id, { windowStart, shared: count, inFlight: known?.inFlight ?? 0, pending: known?.pending ?? 0 });
          // Hits of this process still on their way are not in the database's count yet.
          callback(null, { current: count + (known?.inFlight ?? 0), ttl: windowStart + timeWindow - now });
        },
        (e: unknown) => {
          if (tally) tally.pending += hits - 1;
          callback(e instanceof Error ? e : new Error(String(e)));
        },
      );
    }

    /** Limits of one route count apart from the general one, and exactly. */
    child(routeOptions: object) {
      // At run time the plugin passes its merged parameters with the route as routeInfo.
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(routeOptions, `${String(route?.method ?? '')} ${route?.url ?? ''}|`, false);
    }
  };
}
