/**
 * The read caches' invalidation channels (lib/read-cache.ts, decision 031): how a write in one
 * process reaches the caches of the others. One per deployment: Redis pub/sub when REDIS_URL is
 * set, else PostgreSQL LISTEN/NOTIFY; on embedded SQLite there is one process, and writes by
 * another process on the same file are seen through PRAGMA data_version.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import type { DbHandle } from '../db/database.ts';
import { ChannelSync, PING_EVERY_MS, SILENCE_BOUND_MS, type SyncTiming } from './invalidation-sync.ts';
import { ReadCache, type InvalidationChannel } from './read-cache.ts';

/** The NOTIFY channel and the Redis channel's name (after REDIS_PREFIX). */
const READS_CHANNEL = 'portal_reads';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 2_000;
/** The listening connection to PostgreSQL is given up when not made within this. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * How often SQLite's data_version is read: at most once per this many ms (each read is a statement,
 * ~10 µs; under load a request is a fraction of a millisecond). Another process's commit is seen
 * within it.
 */
export const DATA_VERSION_EVERY_MS = 1;

/** SQLite: nothing to send; another process's commit shows as a new data_version. */
function sqliteChannel(
  dataVersion: (() => number) | undefined,
  now: () => number = performance.now.bind(performance),
): InvalidationChannel {
  if (!dataVersion) return { publish: async () => {}, start: async () => {}, close: async () => {} };
  let seen = dataVersion();
  let checkedAt = now();
  return {
    publish: async () => {},
    start: async () => {},
    close: async () => {},
    changedElsewhere: () => {
      const t = now();
      if (t - checkedAt < DATA_VERSION_EVERY_MS) return false;
      checkedAt = t;
      const version = dataVersion();
      if (version === seen) return false;
      seen = version;
      return true;
    },
  };
}

/**
 * PostgreSQL: one dedicated connection LISTENs; pings, invalidations and acks are NOTIFYs through
 * the pool (an invalidation after its write committed). When the connection fails, or the channel
 * goes quiet past the bound (lib/invalidation-sync.ts), the cache stops serving and the connection
 * is opened again (100 ms, doubling to 2 s); LISTEN done and its own ping heard, the cache serves
 * again, flushed.
 */
export function postgresChannel(
  database: DbHandle,
  log: FastifyBaseLogger,
  timing: SyncTiming = { pingEveryMs: PING_EVERY_MS, boundMs: SILENCE_BOUND_MS },
): InvalidationChannel {
  const url = database.url;
  if (!url) throw new Error('postgresChannel needs the database URL');
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;
  let silenced: (() => void) | undefined;
  const sync = new ChannelSync(
    async (payload) => {
      await sql`select pg_notify(${READS_CHANNEL}, ${payload})`.execute(database.db);
    },
    () => silenced?.(),
    timing,
  );

  const listen = async (deliver: (tags: readonly string[]) => void, state: (up: boolean) => void) => {
    const c = new pg.Client({
      connectionString: url,
      application_name: 'portal-reads',
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const down = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      void sync.stop(false);
      if (closed) return;
      state(false);
      log.warn(
        { err: error },
        'Read-cache invalidations cannot be received: reads go to the database until the connection is back',
      );
      retry = setTimeout(() => void listen(deliver, state), delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    c.on('error', down);
    c.on('end', () => down());
    c.on('notification', (message) => {
      if (message.channel === READS_CHANNEL && message.payload) sync.receive(message.payload, deliver);
    });
    try {
      await c.connect();
      await c.query(`listen ${READS_CHANNEL}`);
    } catch (error) {
      down(error as Error);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = RETRY_MIN_MS;
    // A connection that died without a word (a firewall, a partition) delivers nothing, not even pings.
    silenced = () => down(new Error(`no ping of its own heard within ${timing.boundMs} ms`));
    state(true);
    sync.start();
  };

  return {
    publish: (tags) => sync.publish(tags),
    start: (deliver, state) => listen(deliver, state),
    current: () => sync.current(),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await sync.stop(true);
      const c = client;
      client = undefined;
      // A stalled connection never answers the goodbye: closing waits for it no longer than a connection's time-out.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        c?.end().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, CONNECT_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}

/**
 * Redis: a subscriber connection of its own (a subscribed connection can do nothing else); the
 * app's client publishes. It subscribes again itself after each reconnection, and only then, its
 * own ping heard, does the cache serve. When its pings stop coming back within the bound, both
 * connections are dropped and made again: a connection that stalls without closing is never
 * noticed by ioredis (commands on it only time out), and the rate limits and throttles share the
 * publishing one.
 */
export function redisChannel(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
  timing: SyncTiming = { pingEveryMs: PING_EVERY_MS, boundMs: SILENCE_BOUND_MS },
): InvalidationChannel {
  const channel = `${prefix}${READS_CHANNEL}`;
  const subscriber = redis.duplicate({
    autoResubscribe: false,
    lazyConnect: true,
    enableOfflineQueue: true,
    connectionName: `${prefix}reads`,
  });
  let closed = false;
  const sync = new ChannelSync(
    async (payload) => {
      await redis.publish(channel, payload);
    },
    () => {
      // Either connection may be the silent one: the pings go out on the app's and come back on the subscriber.
      log.warn(`Read-cache invalidations: no ping of its own heard within ${timing.boundMs} ms, reconnecting to Redis`);
      subscriber.disconnect(true);
      redis.disconnect(true);
    },
    timing,
  );
  return {
    publish: (tags) => sync.publish(tags),
    current: () => sync.current(),
    start: async (deliver, state) => {
      let up = false;
      const lost = () => {
        if (!up || closed) return;
        up = false;
        void sync.stop(false);
        state(false);
        log.warn('Read-cache invalidations cannot be received: reads go to the database until Redis is back');
      };
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) sync.receive(payload, deliver);
      });
      subscriber.on('error', lost);
      subscriber.on('close', lost);
      const subscribe = () => {
        subscriber
          .subscribe(channel)
          .then(() => {
            if (closed || up) return;
            up = true;
            state(true);
            sync.start();
          })
          .catch((error: Error) => {
            // Still connected but the SUBSCRIBE failed (a slow answer): try again; the cache stays off meanwhile.
            log.warn({ err: error }, 'Read-cache invalidations: SUBSCRIBE failed, trying again');
            if (!closed && subscriber.status === 'ready') setTimeout(subscribe, RETRY_MAX_MS).unref();
          });
      };
      subscriber.on('ready', subscribe);
      await subscriber.connect().catch(() => undefined);
    },
    close: async () => {
      closed = true;
      await sync.stop(true);
      subscriber.disconnect();
    },
  };
}

/** The app's read cache on the deployment's channel, started (PostgreSQL and Redis: listening). */
export async function startReadCache(
  database: DbHandle,
  redis: { client: Redis; prefix: string } | undefined,
  log: FastifyBaseLogger,
): Promise<ReadCache> {
  const onPublishError = (error: unknown) =>
    log.error({ err: error }, 'A read-cache invalidation could not be sent to the other processes');
  let cache: ReadCache;
  if (redis) cache = new ReadCache(redisChannel(redis.client, redis.prefix, log), { live: false }, onPublishError);
  else if (database.dialect === 'postgres')
    cache = new ReadCache(postgresChannel(database, log), { live: false }, onPublishError);
  else cache = new ReadCache(sqliteChannel(database.dataVersion), { live: true });
  await cache.start();
  // Its first ping heard back, the process serves from its cache from its first request (a channel
  // that stays quiet lets it start without: the bound, then reads from the database).
  for (const until = performance.now() + SILENCE_BOUND_MS; !cache.serving && performance.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 5));
  return cache;
}
