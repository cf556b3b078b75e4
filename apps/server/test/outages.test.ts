/**
 * Dependency outages answered in the portal's own words (decision 037): with Redis stopped (a
 * redis-server this test started, never the machine's) or the database out of reach (a relay in
 * front of it closed), every call that needs it answers 198 "busy" with Retry-After — never 500 or
 * 199 —, the metrics count 198 by route, /readyz says which dependency fails, and the portal
 * recovers by itself when the dependency is back.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ErrorNumber } from '@portal/contracts';
import { buildApp } from '../src/app.ts';
import { BUSY_RETRY_AFTER_S } from '../src/errors.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Deps } from '../src/deps.ts';
import { DEVICE_COOKIE, deviceCookieValue } from '../src/modules/device/service.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import {
  CSRF,
  DIALECTS,
  KNOWN_DEVICE,
  PASSWORD,
  createTestApp,
  errorNumbers,
  signInWithClaim,
  testConfig,
  type TestApp,
} from './helpers.ts';
import { REDIS_SERVER, ownRedisServer, testPrefix, type OwnRedis } from './redis-helpers.ts';
import { tcpRelay, type Relay } from './relay.ts';
import { isUnreachable } from '../src/lib/unreachable.ts';

const SIGN_IN = { EmailAddress: 'sam.single@example.com', Password: PASSWORD, RememberMe: false, DeviceType: 0 };
const RECOVERY = {
  FirstName: 'Sam',
  LastName: 'Single',
  DateOfBirth: '01/01/1980',
  EmailAddress: 'sam.single@example.com',
  ClaimNumber: '22/11111',
};

/** Busy: the catalogue's 198 in a 225 answer, with when to try again. */
function expectBusy(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(225);
  expect(errorNumbers(res)).toEqual([ErrorNumber.ServiceBusy]);
  expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_S));
}

const readyz = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

/** `portal_http_requests_total` samples with status 500, and the count of 198 answers by route. */
async function counted(app: FastifyInstance): Promise<{ fivehundreds: number; busy: Record<string, number> }> {
  const text = await app.metrics.metrics();
  const fivehundreds = [...text.matchAll(/^portal_http_requests_total\{[^}]*status="500"[^}]*\} (\d+)$/gm)].length;
  const busy: Record<string, number> = {};
  for (const m of text.matchAll(/^portal_api_errors_total\{route="([^"]+)",number="198"\} (\d+)$/gm))
    busy[m[1] as string] = Number(m[2]);
  return { fivehundreds, busy };
}

describe('what counts as a dependency out of reach', () => {
  const coded = (code: string, extra: object = {}) => Object.assign(new Error(code), { code, ...extra });
  it('a refused, reset or unnamed server, a PostgreSQL shutting down or full, a SQLite file locked, a lost connection', () => {
    for (const error of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('ENOTFOUND'),
      coded('57P01'),
      coded('57P03'),
      coded('53300'),
      coded('08006'),
      coded('ERR_SQLITE_ERROR', { errcode: 5 }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
    ])
      expect(isUnreachable(error), error.message).toBe(true);
  });
  it('not a wrong statement, a constraint, a missing table or a fault of ours', () => {
    for (const error of [
      coded('42P01'),
      coded('23505'),
      coded('ERR_SQLITE_ERROR', { errcode: 1 }),
      new Error('no such table: audit_events'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ])
      expect(isUnreachable(error), error.message).toBe(false);
  });
});

describe.skipIf(!REDIS_SERVER)('Redis stopped', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await ownRedisServer();
  });
  afterAll(() => redis.stop());

  describe.each(DIALECTS)('on %s', (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { REDIS_URL: redis.url, REDIS_PREFIX: testPrefix() });
    });
    afterAll(() => t.close());

    it('answers sign-in and recovery busy with Retry-After, serves signed-in reading, and is back when Redis is', async () => {
      const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      await redis.stop();
      try {
        await vi.waitFor(async () => expect((await readyz(t.app)).status).toBe(503));
        expect((await readyz(t.app)).body).toMatchObject({ database: 'ok', redis: 'failing' });
        expectBusy(await t.post('/api/account/login', SIGN_IN));
        expectBusy(await t.post('/api/account/retrieveusername', RECOVERY));
        expect((await t.post('/api/account/getaccount', { AccessToken: token })).statusCode).toBe(200);
        const { fivehundreds, busy } = await counted(t.app);
        expect(fivehundreds).toBe(0);
        expect(busy).toMatchObject({ '/api/account/login': 1, '/api/account/retrieveusername': 1 });
      } finally {
        await redis.start();
      }
      await vi.waitFor(async () => expect((await readyz(t.app)).status).toBe(200), { timeout: 10_000 });
      expect((await t.post('/api/account/login', SIGN_IN)).statusCode).toBe(200);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database out of reach (PostgreSQL)', () => {
  let owner: TestApp;
  let relay: Relay;
  let app: FastifyInstance;
  let deps: Deps;
  let apiKey: string;
  beforeAll(async () => {
    owner = await createTestApp('postgres');
    apiKey = (await createApiKey(owner.deps.db, owner.clock.now(), { name: 'claims', scopes: ['claimants:read'] })).key;
    relay = await tcpRelay(owner.database.url as string, 5432);
    // The process under test reaches the database only through the relay (its pool and its LISTEN).
    ({ app, deps } = await buildApp({
      config: testConfig(),
      database: openDatabase({ dialect: 'postgres', url: relay.url, maxConnections: 4, onIdleClientError: () => {} }),
      clock: owner.clock,
      startWorkers: false,
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await relay.close();
    await owner.close();
  });

  const post = (url: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: {
        cookie: `__Host-XSRF-TOKEN=${CSRF}; ${DEVICE_COOKIE}=${deviceCookieValue(deps, KNOWN_DEVICE)}`,
        'x-xsrf-token': CSRF,
      },
    });

  it('answers every call that needs it busy (the provider API 503), says so in /readyz, and recovers', async () => {
    const signedIn = await post('/api/account/login', SIGN_IN);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = (signedIn.json() as { AccessToken: string }).AccessToken;
    expect((await post('/api/account/getaccount', { AccessToken: token })).statusCode).toBe(200);

    await relay.stop();
    try {
      // The read cache's LISTEN connection went with it: nothing is answered from memory.
      await vi.waitFor(() => expect(deps.reads.serving).toBe(false));
      expectBusy(await post('/api/account/getaccount', { AccessToken: token }));
      expectBusy(await post('/api/account/login', SIGN_IN));
      expectBusy(await post('/api/claim/getclaims', { AccessToken: token }));
      const provider = await app.inject({
        method: 'GET',
        url: '/provider/v1/claimants/CL-NONE',
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(provider.statusCode).toBe(503);
      expect(provider.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_S));
      expect(provider.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
      expect(await readyz(app)).toMatchObject({ status: 503, body: { database: 'failing' } });
      const { fivehundreds, busy } = await counted(app);
      expect(fivehundreds).toBe(0);
      expect(busy).toMatchObject({ '/api/account/login': 1, '/api/account/getaccount': 1 });
    } finally {
      await relay.start();
    }
    await vi.waitFor(async () => expect((await readyz(app)).status).toBe(200), { timeout: 10_000 });
    expect((await post('/api/account/getaccount', { AccessToken: token })).statusCode).toBe(200);
  });

  it('a connection lost while a request holds it fails that request as unreachable, not the process', async () => {
    // A transaction between two statements holds its connection out of the pool: pg emits the
    // loss on the client itself, which ended the process when nothing listened.
    let first = false;
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const holding = deps.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      first = true;
      await paused;
      await sql`select 1`.execute(trx);
    });
    const failed = holding.then(
      () => undefined,
      (e: unknown) => e,
    );
    await vi.waitFor(() => expect(first).toBe(true));
    await relay.stop();
    try {
      resume();
      const error = await failed;
      expect(isUnreachable(error), String(error)).toBe(true);
    } finally {
      await relay.start();
    }
    await vi.waitFor(async () => expect((await readyz(app)).status).toBe(200), { timeout: 10_000 });
  });
});
