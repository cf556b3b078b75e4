/**
 * The Redis connection (REDIS_URL): one client per app, every key under REDIS_PREFIX. Only
 * counters live there — the rate limits and the sign-in throttles (decision 015).
 *
 * Commands fail at once while Redis cannot be reached (no offline queue): a request never waits
 * on a dead connection, and each user decides what a failure means (the rate limits let the
 * request through, the throttles refuse it). The client keeps reconnecting in the background.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type RedisConnection = {
  client: Redis;
  /** Resolves while Redis answers (for /readyz). */
  check: () => Promise<void>;
  close: () => Promise<void>;
};

export async function connectRedis(
  options: { url: string; prefix: string },
  log: FastifyBaseLogger,
): Promise<RedisConnection> {
  const client = new Redis(options.url, {
    keyPrefix: options.prefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt.
  // (An 'error' listener is needed anyway: without one ioredis writes to the console.)
  let reachable = true;
  let closing = false;
  const lost = (err?: Error) => {
    if (!reachable || closing) return;
    reachable = false;
    log.error(
      { err },
      'Redis cannot be reached: until it is back the general rate limit goes uncounted, and sign-in, registration and recovery are refused',
    );
  };
  client.on('error', lost);
  // A connection the server closes cleanly emits no error.
  client.on('close', () => lost());
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis reachable again');
  });
  // Wait for the first connection so the first requests find it ready; when Redis is down at
  // start the process starts anyway (/readyz says not ready) and the client keeps trying.
  await client.connect().catch(() => undefined);
  return {
    client,
    check: async () => {
      await client.ping();
    },
    close: async () => {
      closing = true;
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
