/**
 * REDIS_URL (decision 015): the rate-limit and sign-in throttle counters live in Redis, shared by
 * every process. Two app instances over one database and one Redis stand for two processes (as
 * in scale-out.test.ts). Redis counts its windows in real time, so expiry is shown by the TTLs
 * Redis holds and by shortening one; the throttle's own instants follow the injected clock.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { DialectName } from '../src/db/database.ts';
import { DependencyUnavailable, type AppError } from '../src/errors.ts';
import { createLogger } from '../src/lib/logger.ts';
import { connectRedis } from '../src/lib/redis.ts';
import { THROTTLE, throttleKeys } from '../src/modules/account/throttle.ts';
import { lockDelayMs, lockSchedule, redisThrottleStore } from '../src/plugins/throttle-store.ts';
import { STATEMENT_LIMIT } from '../src/modules/payments/routes.ts';
import {
  CSRF,
  DIALECTS,
  PASSWORD,
  T0,
  createTestApp,
  errorNumbers,
  signInWithClaim,
  testConfig,
  type TestApp,
} from './helpers.ts';
import {
  REDIS_REQUIRED,
  REDIS_TEST_URL,
  adminRedis,
  deleteKeysUnder,
  keysUnder,
  redisAnswers,
  redisRelay,
  testPrefix,
} from './redis-helpers.ts';

const available = await redisAnswers();
if (REDIS_REQUIRED && !available) throw new Error('TEST_REDIS_URL is set but no Redis answers there');
const SKIP_REASON = `skipped: no Redis answers on ${REDIS_TEST_URL} (start one, or set TEST_REDIS_URL)`;

const ADDRESS = '203.0.113.9';
const USERNAME = 'alex.citizen@example.com';

describe('REDIS_URL and REDIS_PREFIX configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

  it('takes redis:// and rediss:// URLs, with portal: as the default prefix', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).redis).toBeUndefined();
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379' })().redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: 'portal:',
    });
    expect(
      load({ REDIS_URL: 'rediss://portal:secret@cache.internal:6380/2', REDIS_PREFIX: 'claims:' })().redis,
    ).toEqual({
      url: 'rediss://portal:secret@cache.internal:6380/2',
      prefix: 'claims:',
    });
  });

  it.each([
    ['http://127.0.0.1:6379', 'REDIS_URL: must be a redis:// or rediss:// URL'],
    ['127.0.0.1:6379', 'REDIS_URL: must be a redis:// or rediss:// URL'],
    ['redis://', 'REDIS_URL: must be a redis:// or rediss:// URL'],
    ['redis://host:port', 'REDIS_URL: must be a valid URL'],
  ])('refuses REDIS_URL=%s, naming the variable', (url, message) => {
    expect(load({ REDIS_URL: url })).toThrow(ConfigError);
    expect(load({ REDIS_URL: url })).toThrow(message);
  });

  it('refuses a prefix that is empty, too long or has spaces', () => {
    for (const prefix of ['', 'a'.repeat(65), 'my portal:']) {
      expect(load({ REDIS_URL: 'redis://127.0.0.1', REDIS_PREFIX: prefix })).toThrow(
        'REDIS_PREFIX: must be 1 to 64 letters',
      );
    }
  });
});

describe('lock schedule passed to Redis', () => {
  it('is lockDelayMs from the threshold up to the cap', () => {
    expect(lockSchedule(THROTTLE.username)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000]);
    expect(lockSchedule(THROTTLE.address)).toEqual([60_000, 120_000, 240_000, 480_000, 900_000]);
    for (const policy of [THROTTLE.username, THROTTLE.address]) {
      lockSchedule(policy).forEach((delay, i) => expect(delay).toBe(lockDelayMs(policy.threshold + i, policy)));
    }
  });
});

/** A port nothing listens on. */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function memoryLog(): { log: FastifyBaseLogger; lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  return { log: createLogger('info', stream) as FastifyBaseLogger, lines, stream };
}

describe.skipIf(!available)(available ? 'counters in Redis' : `counters in Redis — ${SKIP_REASON}`, () => {
  let admin: Redis;
  let prefix: string;
  let closers: (() => Promise<void>)[];
  beforeAll(async () => {
    admin = adminRedis();
    await admin.connect();
  });
  afterAll(() => admin.quit());
  beforeEach(() => {
    prefix = testPrefix();
    closers = [];
  });
  afterEach(async () => {
    for (const close of closers.reverse()) await close();
    await deleteKeysUnder(admin, prefix);
  });

  /** This test's keys, without the prefix. */
  const keys = async () => (await keysUnder(admin, prefix)).map((k) => k.slice(prefix.length));
  const env = (extra: Record<string, string> = {}) => ({ REDIS_URL: REDIS_TEST_URL, REDIS_PREFIX: prefix, ...extra });

  async function oneProcess(dialect: DialectName, extra: Record<string, string> = {}): Promise<TestApp> {
    const t = await createTestApp(dialect, env(extra));
    closers.push(() => t.close());
    return t;
  }

  /** Two processes: two apps (each its own memory and Redis client) over one database and one Redis. */
  async function twoProcesses(
    dialect: DialectName,
    extra: Record<string, string> = {},
  ): Promise<{ first: TestApp; second: FastifyInstance }> {
    const first = await oneProcess(dialect, extra);
    const { app: second } = await buildApp({
      config: testConfig(env(extra)),
      database: { ...first.database, close: async () => {} },
      clock: first.deps.clock,
      startWorkers: false,
      logStream: memoryLog().stream,
    });
    closers.push(() => second.close());
    await second.ready();
    return { first, second };
  }

  const post = (app: FastifyInstance, url: string, body: Record<string, unknown>, remoteAddress = ADDRESS) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
      remoteAddress,
    });
  const login = (app: FastifyInstance, password: string, remoteAddress = ADDRESS, username = USERNAME) =>
    post(
      app,
      '/api/account/login',
      { EmailAddress: username, Password: password, RememberMe: false, DeviceType: 0 },
      remoteAddress,
    );
  const first = (res: LightMyRequestResponse) => errorNumbers(res)[0];

  describe.each(DIALECTS)('on %s', (dialect) => {
    it("counts a route's own limit across two processes, in Redis and not in the database", async () => {
      const { first: a, second: b } = await twoProcesses(dialect);
      // A claim number of its own each time: the per-claim throttle (decision 023) stays out of it.
      const body = (i: number) => ({
        FirstName: 'Nobody',
        LastName: 'Known',
        DateOfBirth: '01/01/1980',
        EmailAddress: 'nobody@example.com',
        ClaimNumber: `99/${90000 + i}`,
      });
      const answers = [];
      // The recovery calls allow 10 a minute per address: alternate between the processes.
      for (let i = 0; i < 12; i++)
        answers.push(await post(i % 2 === 0 ? a.app : b, '/api/account/retrieveusername', body(i)));
      expect(answers.map(first)).toEqual([
        ...Array(10).fill(ErrorNumber.InformationNotFound),
        ErrorNumber.RateLimited,
        ErrorNumber.RateLimited,
      ]);
      expect((await keys()).filter((k) => k.startsWith('rate-limit:'))).toEqual([
        `rate-limit:POST/api/account/retrieveusername-${ADDRESS}`,
      ]);
      expect(await admin.get(`${prefix}rate-limit:POST/api/account/retrieveusername-${ADDRESS}`)).toBe('12');
      expect(await a.deps.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
    });

    it("keeps the general limit and the sign-in route's own limit apart, per address", async () => {
      const { first: a, second: b } = await twoProcesses(dialect, {
        RATE_LIMIT_PER_MINUTE: '4',
        LOGIN_RATE_LIMIT_PER_MINUTE: '3',
      });
      const logins = [];
      for (let i = 0; i < 4; i++) logins.push(await login(i % 2 === 0 ? a.app : b, 'Wrong#Password1'));
      expect(logins.map(first)).toEqual([
        ErrorNumber.LoginFailed,
        ErrorNumber.LoginFailed,
        ErrorNumber.LoginFailed,
        ErrorNumber.RateLimited,
      ]);
      expect(logins[3]?.headers['retry-after']).toMatch(/^\d+$/);
      // Another address has its own count.
      expect(first(await login(b, 'Wrong#Password1', '198.51.100.7'))).toBe(ErrorNumber.LoginFailed);

      // The general limit (4 a minute here) counts the other API calls, not the sign-ins.
      const get = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/content/terms', remoteAddress: ADDRESS });
      const reads = [];
      for (let i = 0; i < 5; i++) reads.push(await get(i % 2 === 0 ? a.app : b));
      expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 225]);
      expect(first(reads[4] as LightMyRequestResponse)).toBe(ErrorNumber.RateLimited);
      // Outside the API (the web app, health checks) nothing is counted.
      for (let i = 0; i < 6; i++)
        expect((await b.inject({ method: 'GET', url: '/healthz', remoteAddress: ADDRESS })).statusCode).toBe(200);

      expect((await keys()).filter((k) => k.startsWith('rate-limit:'))).toEqual([
        `rate-limit:${ADDRESS}`,
        'rate-limit:POST/api/account/login-198.51.100.7',
        `rate-limit:POST/api/account/login-${ADDRESS}`,
      ]);
    });

    it("counts the statement's per-account limit in Redis across two processes, beside the address's", async () => {
      const { first: a, second: b } = await twoProcesses(dialect);
      const alex = await signInWithClaim(a, USERNAME, '23/98765');
      const statement = (app: FastifyInstance) =>
        post(app, '/api/payments/getstatement', { AccessToken: alex, FinancialYear: 2026, Format: 'csv' });
      const answers = [];
      for (let i = 0; i <= STATEMENT_LIMIT.max; i++) answers.push(await statement(i % 2 === 0 ? a.app : b));
      expect(answers.map((r) => r.statusCode)).toEqual([...Array(STATEMENT_LIMIT.max).fill(200), 225]);
      expect(first(answers.at(-1) as LightMyRequestResponse)).toBe(ErrorNumber.RateLimited);

      const accountId = (
        await a.deps.db.selectFrom('accounts').select('id').where('username', '=', USERNAME).executeTakeFirstOrThrow()
      ).id;
      const accountKeys = (await keys()).filter((k) => k.includes(`account:${accountId}|`));
      expect(accountKeys).toHaveLength(1);
      const accountKey = `${prefix}${accountKeys[0] ?? ''}`;
      expect(accountKey).toContain('POST /api/payments/getstatement');
      expect(await admin.get(accountKey)).toBe(String(STATEMENT_LIMIT.max + 1));
      const windowLeft = await admin.pttl(accountKey);
      expect(windowLeft).toBeGreaterThan(STATEMENT_LIMIT.timeWindow - 60_000);
      expect(windowLeft).toBeLessThanOrEqual(STATEMENT_LIMIT.timeWindow);
      // The general limit counted the address's requests too, in its own key.
      expect(await keys()).toContain(`rate-limit:${ADDRESS}`);
      expect(await a.deps.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
    });

    it('locks a username after the threshold across two processes; success clears it', async () => {
      const { first: a, second: b } = await twoProcesses(dialect);
      const { username: userKey, address: addressKey } = throttleKeys(USERNAME, ADDRESS);
      for (let i = 0; i < THROTTLE.username.threshold; i++) {
        expect(first(await login(i % 2 === 0 ? a.app : b, 'Wrong#Password1'))).toBe(ErrorNumber.LoginFailed);
      }
      expect(await admin.hgetall(`${prefix}throttle:${userKey}`)).toEqual({
        failures: '5',
        updated: String(T0),
        until: String(T0 + 30_000),
      });
      // Locked for every process, even with the right password.
      expect(first(await login(b, PASSWORD))).toBe(ErrorNumber.LoginThrottled);
      expect(first(await login(a.app, PASSWORD))).toBe(ErrorNumber.LoginThrottled);

      // The lock ends by the app's clock; the next failure doubles it (the schedule in Redis).
      a.clock.advance(30_000);
      expect(first(await login(a.app, 'Wrong#Password1'))).toBe(ErrorNumber.LoginFailed);
      expect(await admin.hget(`${prefix}throttle:${userKey}`, 'until')).toBe(String(T0 + 30_000 + 60_000));
      expect(first(await login(b, PASSWORD))).toBe(ErrorNumber.LoginThrottled);

      a.clock.advance(60_000);
      expect((await login(b, PASSWORD)).statusCode).toBe(200);
      // Success clears the username's count; the address keeps its own (6 of 20: no lock).
      expect(await admin.exists(`${prefix}throttle:${userKey}`)).toBe(0);
      expect(await admin.hgetall(`${prefix}throttle:${addressKey}`)).toEqual({
        failures: '6',
        updated: String(T0 + 30_000),
      });
      expect(await a.deps.db.selectFrom('login_throttle').select('key').execute()).toEqual([]);
    });

    it('lets every key expire by itself: rate-limit windows and forgotten throttle counts', async () => {
      const a = await oneProcess(dialect, { LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
      const limitKey = `${prefix}rate-limit:POST/api/account/login-${ADDRESS}`;
      const throttleKey = `${prefix}throttle:${throttleKeys(USERNAME, ADDRESS).username}`;
      for (let i = 0; i < 4; i++) await login(a.app, 'Wrong#Password1');
      expect(first(await login(a.app, 'Wrong#Password1'))).toBe(ErrorNumber.RateLimited);

      // Every key carries its expiry: the window (a minute), the throttle's forgetting time (a day).
      const windowLeft = await admin.pttl(limitKey);
      expect(windowLeft).toBeGreaterThan(50_000);
      expect(windowLeft).toBeLessThanOrEqual(60_000);
      const forgetLeft = await admin.pttl(throttleKey);
      expect(forgetLeft).toBeGreaterThan(THROTTLE.forgetAfterMs - 60_000);
      expect(forgetLeft).toBeLessThanOrEqual(THROTTLE.forgetAfterMs);

      // Redis keeps real time: let the window run out now rather than in a minute.
      await admin.pexpire(limitKey, 1);
      await vi.waitFor(async () => expect(await admin.exists(limitKey)).toBe(0));
      const again = await login(a.app, 'Wrong#Password1');
      expect(first(again)).toBe(ErrorNumber.LoginFailed);
      expect(again.headers['x-ratelimit-remaining']).toBe('2');

      // The throttle forgets by the app's clock, before Redis drops the key (a day of real time).
      expect(await admin.hget(throttleKey, 'failures')).toBe('4');
      a.clock.advance(THROTTLE.forgetAfterMs + 1);
      await login(a.app, 'Wrong#Password1');
      expect(await admin.hget(throttleKey, 'failures')).toBe('1');
      await admin.pexpire(throttleKey, 1);
      await vi.waitFor(async () => expect(await admin.exists(throttleKey)).toBe(0));
    });

    it('is ready while Redis answers, and says so', async () => {
      const a = await oneProcess(dialect);
      const res = await a.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', database: 'ok', files: 'ok', redis: 'ok', deadNotifications: 0 });
    });

    it('is not ready, and starts anyway, when Redis cannot be reached', async () => {
      const t = await oneProcess(dialect, { REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` });
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        database: 'ok',
        files: 'ok',
        redis: 'failing',
        deadNotifications: 0,
      });
      expect(t.logs.filter((l) => l.includes('Redis cannot be reached'))).toHaveLength(1);
      // Liveness does not depend on it.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('while Redis is away: serves signed-in reading, refuses sign-in and recovery, and counts again once it is back', async () => {
      const relay = await redisRelay();
      closers.push(relay.close);
      const t = await oneProcess(dialect, { REDIS_URL: relay.url });
      const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      expect(await keys()).toContain(`rate-limit:POST/api/account/login-127.0.0.1`);

      await relay.stop();
      await vi.waitFor(async () =>
        expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503),
      );
      // The general limit lets requests through uncounted: a claimant already signed in carries on.
      expect((await t.post('/api/account/getaccount', { AccessToken: token })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/content/terms' })).statusCode).toBe(200);
      // So does the statement's per-account limit: the claimant gets their own statement.
      const statement = { AccessToken: token, FinancialYear: 2026, Format: 'csv' };
      expect((await t.post('/api/payments/getstatement', statement)).statusCode).toBe(200);
      // What is worth guessing at fails closed: sign-in, recovery.
      const signIn = await t.post('/api/account/login', {
        EmailAddress: 'sam.single@example.com',
        Password: PASSWORD,
        RememberMe: false,
        DeviceType: 0,
      });
      expect(errorNumbers(signIn)).toEqual([ErrorNumber.ServiceBusy]);
      const recovery = await t.post('/api/account/retrieveusername', {
        FirstName: 'Sam',
        LastName: 'Single',
        DateOfBirth: '01/01/1980',
        EmailAddress: 'sam.single@example.com',
        ClaimNumber: '22/11111',
      });
      expect(errorNumbers(recovery)).toEqual([ErrorNumber.ServiceBusy]);
      expect(t.logs.filter((l) => l.includes('Redis cannot be reached'))).toHaveLength(1);

      await relay.start();
      await vi.waitFor(
        async () => expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200),
        { timeout: 10_000, interval: 100 },
      );
      expect(t.logs.some((l) => l.includes('Redis reachable again'))).toBe(true);
      await t.signIn('sam.single@example.com');
      expect(await admin.get(`${prefix}rate-limit:POST/api/account/login-127.0.0.1`)).toBe('2');
    });
  });

  describe('the Redis throttle store', () => {
    it('caps the lock at the policy maximum however many failures', async () => {
      const { log } = memoryLog();
      const redis = await connectRedis({ url: REDIS_TEST_URL, prefix }, log);
      closers.push(redis.close);
      const store = redisThrottleStore(redis.client, log);
      let failures = 0;
      for (let i = 0; i < 12; i++) failures = await store.recordFailure('u:cap', THROTTLE.username, T0);
      expect(failures).toBe(12);
      expect(await store.lockedUntil(['u:cap', 'a:none'])).toBe(T0 + THROTTLE.username.maxMs);
      await store.clear('u:cap');
      expect(await store.lockedUntil(['u:cap'])).toBe(0);
      expect(await keys()).toEqual([]);
    });

    it('fails closed when Redis cannot be reached: every operation is refused as busy (198)', async () => {
      const { log, lines } = memoryLog();
      const redis = await connectRedis({ url: `redis://127.0.0.1:${await unusedPort()}`, prefix }, log);
      closers.push(redis.close);
      const store = redisThrottleStore(redis.client, log);
      for (const attempt of [
        () => store.lockedUntil(['u:x']),
        () => store.recordFailure('u:x', THROTTLE.username, T0),
        () => store.clear('u:x'),
      ]) {
        const error = await attempt().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(DependencyUnavailable);
        expect((error as AppError).items.map((i) => i.Number)).toEqual([ErrorNumber.ServiceBusy]);
      }
      expect(
        lines.filter((l) => l.includes('attempt refused: the throttle counters in Redis cannot be reached')),
      ).toHaveLength(3);
    });
  });
});
