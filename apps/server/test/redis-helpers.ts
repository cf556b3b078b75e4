/**
 * Redis for the tests: TEST_REDIS_URL (CI sets it: it must answer), or else a Redis on
 * 127.0.0.1:6379 if one answers (otherwise the Redis tests are skipped, saying why). Each test
 * writes under its own key prefix and deletes exactly those keys afterwards — never FLUSHDB.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const REDIS_REQUIRED = Boolean(process.env.TEST_REDIS_URL);

/** A client with no key prefix, for looking at and removing a test's keys. */
export function adminRedis(): Redis {
  return new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
}

export async function redisAnswers(): Promise<boolean> {
  const client = adminRedis();
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function testPrefix(): string {
  return `portal-test:${crypto.randomBytes(6).toString('hex')}:`;
}

/** Every key under the prefix, sorted (SCAN: never blocks the server). */
export async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

export async function deleteKeysUnder(client: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(client, prefix);
  if (keys.length > 0) await client.del(...keys);
}

/**
 * A TCP relay in front of the test Redis that can be stopped and started again on the same port:
 * Redis going away and coming back, without touching the real server.
 */
export async function redisRelay(): Promise<{
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const target = new URL(REDIS_TEST_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  const url = new URL(REDIS_TEST_URL);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stop,
    start: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
