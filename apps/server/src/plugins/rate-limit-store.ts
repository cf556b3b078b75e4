/**
 * Where @fastify/rate-limit keeps its counters, so the per-address limits hold across every
 * server process: in Redis when REDIS_URL is set, else in the database on PostgreSQL (several
 * processes serve one portal), else in the one process's memory (embedded SQLite).
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Deps } from '../deps.ts';
import type { Clock } from '../lib/clock.ts';
import { DependencyUnavailable } from '../errors.ts';

export function rateLimitStorage(
  deps: Deps,
  redis: Redis | undefined,
  counters: Db | undefined,
): Partial<RateLimitPluginOptions> {
  if (redis) {
    return {
      store: redisRateLimitStore(redis),
      // Redis unreachable: the general limit lets requests through uncounted rather than the
      // whole API failing with it; routes' own limits refuse them (refuseUncountedOwnLimits), as busy.
      skipOnError: true,
    };
  }
  if (deps.dialect === 'postgres') return { store: databaseRateLimitStore(counters ?? deps.db, deps.clock) };
  return {};
}

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The plugin's own Redis store — one Lua script per request (INCR, PEXPIRE on the first), so the
 * counting is atomic and every key expires by itself at the end of its window — whose failures
 * say which dependency failed: a refusal is then "busy" (198 with Retry-After), never a 500.
 */
function redisRateLimitStore(redis: Redis) {
  type Store = {
    incr: (key: string, callback: Counted, timeWindow: number, max: number) => void;
    child: (routeOptions: object) => Store;
  };
  const counting = (inner: RedisStore): Store => ({
    incr: (key, callback, timeWindow, max) =>
      inner.incr(
        key,
        (error, result) => callback(error ? new DependencyUnavailable('redis') : null, result),
        timeWindow,
        max,
      ),
    child: (routeOptions) => counting(inner.child(routeOptions)),
  });
  return class RedisRateLimitStore {
    private readonly inner: Store;
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.inner = counting(
        new RedisStore(Boolean(options.continueExceeding), Boolean(options.exponentialBackoff), redis, 'rate-limit:'),
      );
    }
    incr(key: string, callback: Counted, timeWindow: number, max: number): void {
      this.inner.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: object): Store {
      return this.inner.child(routeOptions);
    }
  };
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

type Callback = Counted;

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

/** Pending hits go to the database this often, or as soon as this many have gathered (one batch per address at a time). */
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
 * each, less than half the limit, and at most 2 × FLUSH_AT — one batch on its way (one at a time
 * per address) and FLUSH_AT waiting (decision 018).
 */
export function databaseRateLimitStore(db: Db, clock: Clock) {
  let calls = 0;
  const tallies = new Map<string, Tally>();
  let timer: NodeJS.Timeout | undefined;

  async function add(
    id: string,
    hits: number,
    now: number,
    timeWindow: number,
  ): Promise<{ count: number; windowStart: number }> {
    if (++calls % CLEAN_EVERY === 0) {
      void db
        .deleteFrom('rate_limits')
        .where('window_start', '<', now - STALE_MS)
        .execute()
        .catch(() => undefined);
      // Every address that ever called has a tally: those whose window has ended are forgotten.
      for (const [key, tally] of tallies) {
        if (tally.pending === 0 && tally.inFlight === 0 && tally.windowStart + timeWindow <= now) tallies.delete(key);
      }
    }
    const [row] = await addHits(db, id, hits, now, timeWindow);
    return { count: Number(row?.count), windowStart: Number(row?.window_start) };
  }

  /**
   * Adds a tally's waiting hits, and `own` (the request being answered, if any), to the database.
   * On their way they count as in flight; the answer updates what this process knows of the
   * address (`track`: the general limit's tallies; a route limit keeps none). A failure leaves the
   * waiting hits waiting, for the flush after the address's next request.
   */
  async function send(id: string, tally: Tally | undefined, own: 0 | 1, timeWindow: number, track: boolean) {
    const hits = (tally?.pending ?? 0) + own;
    if (tally) {
      tally.pending = 0;
      tally.inFlight += hits;
    }
    let answer: { count: number; windowStart: number };
    try {
      answer = await add(id, hits, clock.now(), timeWindow);
    } catch (e) {
      if (tally) tally.pending += hits - own;
      throw e;
    } finally {
      if (tally) tally.inFlight -= hits;
    }
    const known = tally ?? (track ? tallies.get(id) : undefined);
    if (known && known.windowStart === answer.windowStart) known.shared = Math.max(known.shared, answer.count);
    else if (known) Object.assign(known, { windowStart: answer.windowStart, shared: answer.count });
    else if (track) tallies.set(id, { windowStart: answer.windowStart, shared: answer.count, inFlight: 0, pending: 0 });
    // Hits counted while these were on their way go with the next batch.
    if (known && known.pending > 0) flushSoon(timeWindow);
    return answer;
  }

  function sendWaiting(id: string, tally: Tally, timeWindow: number): void {
    send(id, tally, 0, timeWindow, true).catch(() => undefined);
  }

  function flushSoon(timeWindow: number): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      for (const [id, tally] of tallies) {
        // One batch at a time per address: the next waits for this one's answer.
        if (tally.pending > 0 && tally.inFlight === 0) sendWaiting(id, tally, timeWindow);
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
      if (
        tally &&
        now < tally.windowStart + timeWindow &&
        tally.pending < FLUSH_AT &&
        tally.shared + tally.inFlight + tally.pending + 1 < max / 2
      ) {
        tally.pending += 1;
        if (tally.pending >= FLUSH_AT && tally.inFlight === 0) sendWaiting(id, tally, timeWindow);
        else flushSoon(timeWindow);
        callback(null, {
          current: tally.shared + tally.inFlight + tally.pending,
          ttl: tally.windowStart + timeWindow - now,
        });
        return;
      }
      // Counted in the database before the answer, with this process's hits not yet sent: from
      // half the limit on, and when FLUSH_AT hits wait behind a batch still on its way.
      send(id, tally, 1, timeWindow, this.batched).then(
        // The database's count, this request and the hits sent with it included. (Adding this
        // process's other hits in flight would count twice those that have already landed, and
        // refuse claimants below the limit.)
        ({ count, windowStart }) => callback(null, { current: count, ttl: windowStart + timeWindow - now }),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
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
