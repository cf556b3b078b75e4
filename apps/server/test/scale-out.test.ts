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
import { CSRF, createTestApp, errorNumbers, testConfig, type TestApp } from './helpers.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp('postgres');
    // The second process: its own app (its own memory) over the same database.
    ({ app: second } = await buildApp({ config: testConfig(), database: { db: first.deps.db, dialect: 'postgres', close: async () => {} }, clock: first.deps.clock, startWorkers: false }));
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const post = (app: FastifyInstance, url: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, payload: body, headers: { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF }, remoteAddress: '203.0.113.9' });

  it('serves one claimant through either process, without sticky sessions', async () => {
    const token = await first.signIn('sam.single@example.com');
    expect((await post(second, '/api/claim/selectclaim', { AccessToken: token, Number: '22/11111' })).statusCode).toBe(200);
    const account = await post(first.app, '/api/account/getaccount', { AccessToken: token });
    expect(account.json().PersonalDetails.FirstName).toBe('Sam');
    expect((await post(second, '/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
    // Signed out through the second process: the first one knows it at once.
    expect(TOKEN_EXPIRED_NUMBERS).toContain(errorNumbers(await post(first.app, '/api/account/getaccount', { AccessToken: token }))[0]);
  });

  it('counts a route rate limit across both processes', async () => {
    const body = { FirstName: 'Nobody', LastName: 'Known', DateOfBirth: '01/01/1980', EmailAddress: 'nobody@example.com', ClaimNumber: '99/99999' };
    const answers = [];
    // The recovery calls allow 10 a minute per address: alternate between the processes.
    for (let i = 0; i < 12; i++) answers.push(await post(i % 2 === 0 ? first.app : second, '/api/account/retrieveusername', body));
    const limited = answers.filter((r) => errorNumbers(r)[0] === ErrorNumber.RateLimited);
    expect(limited).toHaveLength(2);
    expect(answers.slice(0, 10).every((r) => errorNumbers(r)[0] !== ErrorNumber.RateLimited)).toBe(true);
  });
});
