/**
 * Redis for the tests: TEST_REDIS_URL (CI sets it: it must answer), or else a Redis on
 * 127.0.0.1:6379 if one answers (otherwise the Redis tests are skipped, saying why). Each test
 * writes under its own key prefix and deletes exactly those keys afterwards — never FLUSHDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { Redis } from 'ioredis';
import { tcpRelay, type Relay } from './relay.ts';

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
export function redisRelay(): Promise<Relay> {
  return tcpRelay(REDIS_TEST_URL, 6379);
}

export type OwnRedis = { url: string; stop: () => Promise<void>; start: () => Promise<void> };

/** Whether Debian's redis-server can be run here (the outage tests start their own). */
export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((f) => fs.existsSync(f));

/**
 * A Redis server of the test's own (redis-server on a free port, nothing kept on disk), which the
 * test may stop — a real Redis going away, not a relay — and start again on the same port. Never
 * the machine's Redis.
 */
export async function ownRedisServer(): Promise<OwnRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed');
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', os.tmpdir()],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server ended (${code}): ${seen}`)));
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
