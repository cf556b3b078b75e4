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
import { ReadCache, type InvalidationChannel } from './read-cache.ts';

/** The NOTIFY channel and the Redis channel's name (after REDIS_PREFIX). */
export const READS_CHANNEL = 'portal_reads';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 2_000;
/**
 * A connection that died without a word (a firewall or NAT dropping it, a partition) raises no
 * error: the listening connection is asked `select 1` this often, and taken as lost when the answer
 * does not come within HEARTBEAT_TIMEOUT_MS (or connecting takes longer than that).
 */
export const HEARTBEAT_MS = 5_000;
export const HEARTBEAT_TIMEOUT_MS = 3_000;

const encode = (tags: readonly string[]) => JSON.stringify(tags);

function decode(payload: string): string[] | undefined {
  try {
    const tags: unknown = JSON.parse(payload);
    return Array.isArray(tags) && tags.every((t) => typeof t === 'string') ? tags : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How often SQLite's data_version is read: at most once per this many ms (each read is a statement,
 * ~10 µs; under load a request is a fraction of a millisecond). Another process's commit is seen
 * within it.
 */
export const DATA_VERSION_EVERY_MS = 1;

/** SQLite: nothing to send; another process's commit shows as a new data_version. */
export function sqliteChannel(
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
 * PostgreSQL: one dedicated connection LISTENs; a publisher NOTIFYs through the pool after its
 * write committed. When the connection fails the cache stops serving and the connection is opened
 * again (100 ms, doubling to 2 s); LISTEN done, the cache is flushed and serves again.
 */
export function postgresChannel(
  database: DbHandle,
  log: FastifyBaseLogger,
  heartbeatEvery = { ms: HEARTBEAT_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS },
): InvalidationChannel {
  const url = database.url;
  if (!url) throw new Error('postgresChannel needs the database URL');
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;

  const listen = async (deliver: (tags: readonly string[]) => void, state: (up: boolean) => void) => {
    const c = new pg.Client({
      connectionString: url,
      application_name: 'portal-reads',
      keepAlive: true,
      connectionTimeoutMillis: heartbeatEvery.timeoutMs,
    });
    let lost = false;
    let heartbeat: NodeJS.Timeout | undefined = undefined;
    const down = (error?: Error) => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
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
      const tags = message.channel === READS_CHANNEL && message.payload ? decode(message.payload) : undefined;
      if (tags) deliver(tags);
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
    heartbeat = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), heartbeatEvery.timeoutMs);
      });
      Promise.race([c.query('select 1'), late])
        .catch((error: Error) => down(error))
        .finally(() => clearTimeout(timer));
    }, heartbeatEvery.ms);
    heartbeat.unref();
    state(true);
  };

  return {
    publish: async (tags) => {
      await sql`select pg_notify(${READS_CHANNEL}, ${encode(tags)})`.execute(database.db);
    },
    start: (deliver, state) => listen(deliver, state),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

/**
 * Redis: a subscriber connection of its own (a subscribed connection can do nothing else). It
 * subscribes again itself after each reconnection, and only then does the cache serve.
 */
export function redisChannel(redis: Redis, prefix: string, log: FastifyBaseLogger): InvalidationChannel {
  const channel = `${prefix}${READS_CHANNEL}`;
  const subscriber = redis.duplicate({
    autoResubscribe: false,
    lazyConnect: true,
    enableOfflineQueue: true,
    connectionName: `${prefix}reads`,
  });
  let closed = false;
  return {
    publish: async (tags) => {
      await redis.publish(channel, encode(tags));
    },
    start: async (deliver, state) => {
      let up = false;
      const lost = () => {
        if (!up || closed) return;
        up = false;
        state(false);
        log.warn('Read-cache invalidations cannot be received: reads go to the database until Redis is back');
      };
      subscriber.on('message', (from: string, payload: string) => {
        const tags = from === channel ? decode(payload) : undefined;
        if (tags) deliver(tags);
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
  return cache;
}
