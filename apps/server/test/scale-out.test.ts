/**
 * Two server processes on one PostgreSQL database (the scale-out mode): a claimant signs in
 * through one and carries on through the other, and the per-address rate limits count across
 * both. (The processes here are two app instances in one Node process, each with its own
 * in-memory state — what separates processes; the nginx layout in deploy/ adds nothing the
 * portal depends on.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorNumber, TOKEN_EXPIRED_NUMBERS } from '@portal/contracts';
import { buildApp } from '../src/app.ts';
import { FLUSH_AT, FLUSH_EVERY_MS, databaseRateLimitStore } from '../src/plugins/rate-limit-store.ts';
import { CSRF, createTestApp, errorNumbers, testConfig, type TestApp } from './helpers.ts';

const GENERAL_LIMIT = 40;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp('postgres', { RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT) });
    // The second process: its own app (its own memory) over the same database.
    ({ app: second } = await buildApp({
      config: testConfig({ RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT) }),
      database: { ...first.database, close: async () => {} },
      clock: first.deps.clock,
      startWorkers: false,
    }));
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const post = (app: FastifyInstance, url: string, body: Record<string, unknown>, remoteAddress = '203.0.113.9') =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
      remoteAddress,
    });

  it('serves one claimant through either process, without sticky sessions', async () => {
    const token = await first.signIn('sam.single@example.com');
    expect((await post(second, '/api/claim/selectclaim', { AccessToken: token, Number: '22/11111' })).statusCode).toBe(
      200,
    );
    const account = await post(first.app, '/api/account/getaccount', { AccessToken: token });
    expect(account.json().PersonalDetails.FirstName).toBe('Sam');
    expect((await post(second, '/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
    // Signed out through the second process, which answered once the first had dropped the
    // session from its cache (decision 031): the first refuses the very next request.
    expect(TOKEN_EXPIRED_NUMBERS).toContain(
      errorNumbers(await post(first.app, '/api/account/getaccount', { AccessToken: token }))[0],
    );
  });

  it('counts a route rate limit across both processes', async () => {
    const body = {
      FirstName: 'Nobody',
      LastName: 'Known',
      DateOfBirth: '01/01/1980',
      EmailAddress: 'nobody@example.com',
      ClaimNumber: '99/99999',
    };
    const answers = [];
    // The recovery calls allow 10 a minute per address: alternate between the processes.
    for (let i = 0; i < 12; i++)
      answers.push(await post(i % 2 === 0 ? first.app : second, '/api/account/retrieveusername', body));
    const limited = answers.filter((r) => errorNumbers(r)[0] === ErrorNumber.RateLimited);
    expect(limited).toHaveLength(2);
    expect(answers.slice(0, 10).every((r) => errorNumbers(r)[0] !== ErrorNumber.RateLimited)).toBe(true);
  });

  it('holds the general per-address limit across both processes, counting every request in the database', async () => {
    const address = '198.51.100.20';
    const statuses: number[] = [];
    for (let i = 0; i < GENERAL_LIMIT + 20; i++) {
      const res = await post(i % 2 === 0 ? first.app : second, '/api/maintenance/checkmessage', {}, address);
      statuses.push(res.statusCode === 225 ? (errorNumbers(res)[0] as number) : res.statusCode);
    }
    const answered = statuses.filter((s) => s === 200).length;
    // Never refused below the limit; past it by at most the hits the other process had not yet sent.
    expect(statuses.slice(0, GENERAL_LIMIT).every((s) => s === 200)).toBe(true);
    expect(answered).toBeLessThan(GENERAL_LIMIT + Math.min(FLUSH_AT, GENERAL_LIMIT / 2));
    expect(statuses.slice(-5)).toEqual(Array(5).fill(ErrorNumber.RateLimited));
    // Hits counted in memory reach the database within a flush interval: none is lost.
    await new Promise((r) => setTimeout(r, 3 * FLUSH_EVERY_MS));
    const row = await first.deps.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', address)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(GENERAL_LIMIT + 20);
  });

  it('keeps the general limit within its bound under concurrent requests to both processes, and loses no hit', async () => {
    // The store itself, as two processes would hold it, asked all at once: batches are on their way
    // while more hits arrive.
    const max = 100;
    const key = '198.51.100.30';
    const stores = [0, 1].map(() => new (databaseRateLimitStore(first.deps.db, first.deps.clock))({}));
    const incr = (i: number) =>
      new Promise<number>((resolve, reject) =>
        stores[i % 2]?.incr(key, (e, r) => (e ? reject(e) : resolve(r?.current ?? NaN)), 60_000, max),
      );
    const first30 = await Promise.all(Array.from({ length: 30 }, (_, i) => incr(i)));
    const rest = await Promise.all(Array.from({ length: 170 }, (_, i) => incr(i)));
    const admitted = [...first30, ...rest].filter((current) => current <= max).length;
    expect(admitted).toBeGreaterThanOrEqual(max);
    expect(admitted).toBeLessThanOrEqual(max + 2 * FLUSH_AT);
    await expect
      .poll(
        async () =>
          Number(
            (await first.deps.db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst())
              ?.count,
          ),
        { timeout: 3_000 },
      )
      .toBe(200);
  });
});
