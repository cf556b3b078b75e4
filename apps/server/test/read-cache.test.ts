/**
 * The exact read caches (decision 031): every write path that changes a cached read is
 * seen by the very next request — in this process at once, in another process as soon as the
 * invalidation arrives — and a process whose channel is down answers from the database.
 */
import { statSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ErrorNumber, TOKEN_EXPIRED_NUMBERS, type ProviderScope } from '@portal/contracts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { ReadCache, type InvalidationChannel } from '../src/lib/read-cache.ts';
import { Redis } from 'ioredis';
import { DATA_VERSION_EVERY_MS, postgresChannel, redisChannel } from '../src/lib/invalidation-channels.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import { resetFactors } from '../src/modules/security/service.ts';
import { revokeAccountSessions } from '../src/modules/session/repository.ts';
import {
  CSRF,
  DIALECTS,
  adminQuery,
  createTestApp,
  errorNumbers,
  signInWithClaim,
  testConfig,
  type TestApp,
} from './helpers.ts';
import { REDIS_REQUIRED, REDIS_TEST_URL, adminRedis, redisAnswers, testPrefix } from './redis-helpers.ts';
import { tcpRelay } from './relay.ts';

const SCOPES: ProviderScope[] = ['claimants:write', 'claimants:read', 'messages:write'];

/** A channel that goes nowhere: the cache's own rules, one process. */
function quietChannel(): InvalidationChannel {
  return { publish: async () => {}, start: async () => {}, close: async () => {} };
}

describe('the read cache', () => {
  const value =
    (v: string, ...tags: string[]) =>
    async () => ({ value: v, tags });

  it('serves a stored read until a tag of it changes', async () => {
    const cache = new ReadCache(quietChannel(), { live: true });
    expect(await cache.read('k', value('first', 'account:1'))).toBe('first');
    expect(await cache.read('k', value('second', 'account:1'))).toBe('first');
    await cache.changed('account:2');
    expect(await cache.read('k', value('third', 'account:1'))).toBe('first');
    await cache.changed('account:1');
    expect(await cache.read('k', value('fourth', 'account:1'))).toBe('fourth');
    expect(cache.stats).toMatchObject({ hits: 2, misses: 2 });
  });

  it('never stores a read that an invalidation overtook', async () => {
    const cache = new ReadCache(quietChannel(), { live: true });
    let release!: () => void;
    const slow = cache.read('k', async () => {
      await new Promise<void>((r) => (release = r));
      return { value: 'old', tags: ['session:1'] };
    });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await cache.changed('session:1');
    release();
    expect(await slow).toBe('old');
    expect(await cache.read('k', value('new', 'session:1'))).toBe('new');
  });

  it('stores nothing for an unknown key, serves nothing while down and flushes when back', async () => {
    const cache = new ReadCache(quietChannel(), { live: true });
    expect(await cache.read('guess', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.read('k', value('a', 't'));
    cache.setLive(false);
    expect(await cache.read('k', value('b', 't'))).toBe('b');
    expect(cache.size).toBe(0);
    cache.setLive(true);
    expect(await cache.read('k', value('c', 't'))).toBe('c');
    expect(await cache.read('k', value('d', 't'))).toBe('c');
  });

  it('reads again an entry older than its age bound (a lost invalidation is stale that long at most)', async () => {
    let now = 0;
    const cache = new ReadCache(quietChannel(), { live: true, maxAgeMs: 1_000, now: () => now });
    await cache.read('k', value('first', 't'));
    now = 999;
    expect(await cache.read('k', value('second', 't'))).toBe('first');
    now = 1_000;
    expect(await cache.read('k', value('third', 't'))).toBe('third');
  });

  it('holds at most its bound, the oldest entries going first', async () => {
    const cache = new ReadCache(quietChannel(), { live: true, maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await cache.read(k, value(k, `tag:${k}`));
    expect(cache.size).toBe(3);
    expect(await cache.read('a', value('a2'))).toBe('a2');
    expect(await cache.read('d', value('d2'))).toBe('d');
  });
});

describe.each(DIALECTS)('every write path is seen by the cached reads, on %s', (dialect) => {
  let t: TestApp;
  let providerKey: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    providerKey = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: SCOPES })).key;
  });
  afterAll(() => t.close());

  const provider = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${providerKey}` },
    });
  const account = (token: string) => t.post('/api/account/getaccount', { AccessToken: token });
  const unread = async (token: string) =>
    (await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token })).json() as number;
  const refused = (res: LightMyRequestResponse) =>
    res.statusCode !== 200 && TOKEN_EXPIRED_NUMBERS.includes(errorNumbers(res)[0] as never);

  /** Signed in and read twice, so the session is served from the cache. */
  async function warm(username: string): Promise<string> {
    const token = await t.signIn(username);
    expect((await account(token)).statusCode).toBe(200);
    const hits = t.deps.reads.stats.hits;
    expect((await account(token)).statusCode).toBe(200);
    // Served from the cache: what follows tests an invalidation, not a database read.
    expect(t.deps.reads.stats.hits).toBeGreaterThan(hits);
    return token;
  }

  it('sign-out', async () => {
    const token = await warm('sam.single@example.com');
    expect((await t.post('/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
    expect(refused(await account(token))).toBe(true);
  });

  it('a password change ends the other sessions', async () => {
    const other = await warm('sam.single@example.com');
    const own = await t.signIn('sam.single@example.com');
    const changed = await t.post('/api/account/updatepassword', {
      AccessToken: own,
      OldPassword: 'Claimant#2026',
      NewPassword: 'Claimant#2027',
      ReEnterPassword: 'Claimant#2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(refused(await account(other))).toBe(true);
    expect((await account(own)).statusCode).toBe(200);
    await t.post('/api/account/updatepassword', {
      AccessToken: own,
      OldPassword: 'Claimant#2027',
      NewPassword: 'Claimant#2026',
      ReEnterPassword: 'Claimant#2026',
    });
  });

  it("an operator's reset of second factors ends every session", async () => {
    const token = await warm('new.registrant@example.com');
    const { id } = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'new.registrant@example.com')
      .executeTakeFirstOrThrow();
    await resetFactors(t.deps, id);
    expect(refused(await account(token))).toBe(true);
  });

  it('a claim switch and deselection', async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const selected = async () =>
      ((await t.post('/api/claim/getclaims', { AccessToken: token })).json() as { Number: string; Selected: boolean }[])
        .filter((c) => c.Selected)
        .map((c) => c.Number);
    expect(await selected()).toEqual(['21/45678']);
    await t.post('/api/claim/selectclaim', { AccessToken: token, Number: '19/12345' });
    expect(await selected()).toEqual(['19/12345']);
    await t.post('/api/claim/deselectclaim', { AccessToken: token });
    expect(await selected()).toEqual([]);
    expect(errorNumbers(await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token }))).toEqual([
      ErrorNumber.NoClaimSelected,
    ]);
  });

  it("the claims system's claims and messages, and a message read", async () => {
    const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    const claims = async () =>
      ((await t.post('/api/claim/getclaims', { AccessToken: token })).json() as { Number: string }[]).map(
        (c) => c.Number,
      );
    expect(await claims()).toEqual(['22/11111']);
    const trustee = async () => ((await account(token)).json() as { IsStateTrustee: boolean }).IsStateTrustee;
    expect(await trustee()).toBe(false);
    const before = await unread(token);
    expect(await unread(token)).toBe(before);
    // The inbox's first page, read twice so the second is the cache's.
    const inbox = async () =>
      (await t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 10 })).json() as {
        Total: number;
        Items: { messageId: string; Read: boolean }[];
      };
    const firstPage = await inbox();
    const hits = t.deps.reads.stats.hits;
    expect(await inbox()).toEqual(firstPage);
    expect(t.deps.reads.stats.hits).toBeGreaterThan(hits);

    // The claims system takes Sam over (same claim and date of birth) and adds a claim.
    const upsert = await provider('PUT', '/provider/v1/claimants/CL-SAM', {
      FirstName: 'Sam',
      Surname: 'Single',
      DateOfBirth: '1990-01-30',
      Email: 'sam.single@example.com',
      Mobile: '0423456789',
      HomeAddress: { Line1: '5 Sturt Street', Line2: 'BALLARAT CENTRAL VIC 3350' },
      Claims: [
        { Number: '22/11111', AccidentDate: '2022-05-17', Location: 'Ballarat VIC' },
        { Number: '26/77777', AccidentDate: '2026-01-05', Location: 'Ararat VIC', StateTrustee: true },
      ],
    });
    expect(upsert.statusCode, upsert.body).toBe(200);
    expect(await claims()).toEqual(['26/77777', '22/11111']);
    // The claim's flags: one claim managed by the State Trustees locks the claimant's bank details.
    expect(await trustee()).toBe(true);

    const posted = await provider('POST', '/provider/v1/messages', {
      ClaimNumber: '22/11111',
      Subject: 'Your appointment',
      Body: 'Tuesday at 10.',
    });
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    expect(await unread(token)).toBe(before + 1);
    const id = (posted.json() as { MessageId: string }).MessageId;
    const withIt = await inbox();
    expect(withIt.Total).toBe(firstPage.Total + 1);
    const theNewOne = (page: Awaited<ReturnType<typeof inbox>>) => page.Items.find((m) => m.messageId === id);
    expect(theNewOne(withIt)).toMatchObject({ Read: false });
    expect((await t.post('/api/inbox/markasread', { AccessToken: token, MessageId: id })).statusCode).toBe(200);
    expect(await unread(token)).toBe(before);
    expect(theNewOne(await inbox())).toMatchObject({ Read: true });
  });

  it('the idle time-out is decided on the database, not on a cached last-seen time', async () => {
    const token = await warm('sam.single@example.com');
    // Another process saw the session a moment ago: its last-seen time is newer than this cache's.
    const later = t.clock.now() + 10 * 60_000;
    await t.deps.db.updateTable('sessions').set({ last_seen_at: later }).where('revoked_at', 'is', null).execute();
    t.clock.advance(20 * 60_000);
    expect((await account(token)).statusCode).toBe(200);
  });

  it.runIf(dialect === 'sqlite')('sees a write by another process on the same SQLite file (the CLI)', async () => {
    const token = await warm('pat.trustee@example.com');
    const dbFile = (
      (await t.deps.db
        .selectFrom('pragma_database_list' as never)
        .select('file' as never)
        .execute()) as {
        file: string;
      }[]
    )[0]?.file;
    // The test's database is a file on disk that a second connection (the CLI's) opens.
    expect(dbFile ? statSync(dbFile).isFile() : false).toBe(true);
    const cli = openDatabase({ dialect: 'sqlite', file: dbFile as string });
    try {
      const { id } = await cli.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', 'pat.trustee@example.com')
        .executeTakeFirstOrThrow();
      await revokeAccountSessions(cli.db, id, t.clock.now());
    } finally {
      await cli.close();
    }
    // data_version is read at most once per DATA_VERSION_EVERY_MS: the next request after that.
    await new Promise((resolve) => setTimeout(resolve, DATA_VERSION_EVERY_MS + 1));
    expect(refused(await account(token))).toBe(true);
  });
});

/** Two processes over one PostgreSQL database: two apps, each with its own memory and channel. */
describe.each([
  { channel: 'PostgreSQL LISTEN/NOTIFY', redis: false },
  { channel: 'Redis pub/sub', redis: true },
])('two processes, invalidations over $channel', ({ redis }) => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondReads: ReadCache;
  let run = Boolean(process.env.TEST_DATABASE_URL);
  const prefix = testPrefix();
  beforeAll(async () => {
    if (redis && !(await redisAnswers())) {
      if (REDIS_REQUIRED) throw new Error(`TEST_REDIS_URL is set but ${REDIS_TEST_URL} does not answer`);
      run = false;
    }
    if (!run) return;
    // A hundred sign-ins from one address in a minute (the trials below): within the limits.
    const env: Record<string, string> = {
      ...(redis ? { REDIS_URL: REDIS_TEST_URL, REDIS_PREFIX: prefix } : {}),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '10000',
    };
    first = await createTestApp('postgres', env);
    const built = await buildApp({
      config: testConfig(env),
      database: { ...first.database, close: async () => {} },
      clock: first.deps.clock,
      startWorkers: false,
      // Its log (the channel's warnings when the test cuts it) stays out of the test's output.
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    second = built.app;
    secondReads = built.deps.reads;
    await second.ready();
    await vi.waitFor(() => expect(first.deps.reads.serving && secondReads.serving).toBe(true));
  });
  afterAll(async () => {
    if (!run) return;
    await second.close();
    await first.close();
  });

  const post = (app: FastifyInstance, url: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
    });
  const refusedBy = async (app: FastifyInstance, token: string) => {
    const res = await post(app, '/api/account/getaccount', { AccessToken: token });
    return res.statusCode !== 200 && TOKEN_EXPIRED_NUMBERS.includes(errorNumbers(res)[0] as never);
  };

  it('a sign-out through one process is refused by the other on the very next request: 100 of 100', async ({
    skip,
  }) => {
    if (!run) skip();
    // The read goes to the second process the moment the first has answered: no waiting for the
    // message. The first answers only once every process serving from a cache has acked it.
    const stale: number[] = [];
    for (let trial = 0; trial < 100; trial++) {
      const token = await first.signIn('sam.single@example.com');
      expect(await refusedBy(second, token)).toBe(false);
      const hits = secondReads.stats.hits;
      expect(await refusedBy(second, token)).toBe(false);
      expect(secondReads.stats.hits).toBeGreaterThan(hits);
      expect((await post(first.app, '/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
      if (!(await refusedBy(second, token))) stale.push(trial);
    }
    expect(stale).toEqual([]);
  });

  it('a process whose channel stops delivering without a word refuses the signed-out session at once, and comes back', async ({
    skip,
  }) => {
    if (!run) skip();
    // A third process whose channel goes through a relay that will stop forwarding without closing
    // anything: a NAT's idle timer, a stalled relay. No error reaches it, no end, no message.
    const relay = await tcpRelay(redis ? REDIS_TEST_URL : (first.database.url as string), redis ? 6379 : 5432);
    const env: Record<string, string> = redis ? { REDIS_URL: relay.url, REDIS_PREFIX: prefix } : {};
    const third = await buildApp({
      config: testConfig(env),
      database: { ...first.database, url: relay.url, close: async () => {} },
      clock: first.deps.clock,
      startWorkers: false,
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    try {
      await third.app.ready();
      await vi.waitFor(() => expect(third.deps.reads.serving).toBe(true));
      const token = await first.signIn('sam.single@example.com');
      expect(await refusedBy(third.app, token)).toBe(false);
      const hits = third.deps.reads.stats.hits;
      expect(await refusedBy(third.app, token)).toBe(false);
      expect(third.deps.reads.stats.hits).toBeGreaterThan(hits);

      relay.freeze();
      expect((await post(first.app, '/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
      // The sign-out waited for its ack or the bound; unheard, the third process had stopped serving
      // by then (and may since have connected again, flushed).
      expect(await refusedBy(third.app, token)).toBe(true);

      // It finds the silence, connects again (a new connection through the relay flows) and serves again.
      await vi.waitFor(() => expect(third.deps.reads.serving).toBe(true), { timeout: 10_000 });
      const again = await first.signIn('sam.single@example.com');
      expect(await refusedBy(third.app, again)).toBe(false);
      expect(await refusedBy(third.app, again)).toBe(false);
      expect((await post(first.app, '/api/account/logout', { AccessToken: again })).statusCode).toBe(200);
      expect(await refusedBy(third.app, again)).toBe(true);
    } finally {
      await third.app.close();
      await relay.close();
    }
  });

  it('turns its cache off when its own pings stop coming back, within the bound', async ({ skip }) => {
    if (!run) skip();
    const relay = await tcpRelay(redis ? REDIS_TEST_URL : (first.database.url as string), redis ? 6379 : 5432);
    const log = pino({ level: 'silent' }, new Writable({ write: (_chunk, _encoding, done) => done() }));
    const timing = { pingEveryMs: 50, boundMs: 200 };
    const client = redis
      ? new Redis(relay.url, { lazyConnect: true, maxRetriesPerRequest: 0, commandTimeout: 1_000 })
      : undefined;
    client?.on('error', () => undefined);
    await client?.connect();
    const cache = new ReadCache(
      client
        ? redisChannel(client, prefix, log, timing)
        : postgresChannel({ ...first.database, url: relay.url }, log, timing),
      { live: false },
    );
    try {
      await cache.start();
      await vi.waitFor(() => expect(cache.serving).toBe(true));
      relay.freeze();
      await vi.waitFor(() => expect(cache.serving).toBe(false), { timeout: 5_000 });
    } finally {
      await cache.close();
      client?.disconnect();
      await relay.close();
    }
  });

  it('a process whose channel is cut answers from the database, and flushes when it is back', async ({ skip }) => {
    if (!run) skip();
    const token = await first.signIn('sam.single@example.com');
    expect(await refusedBy(second, token)).toBe(false);
    expect(await refusedBy(second, token)).toBe(false);
    const flushes = secondReads.stats.flushes;
    if (redis) {
      const admin = adminRedis();
      await admin.connect();
      const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
      for (const line of clients.split('\n')) {
        const id = /(?:^| )id=(\d+)/.exec(line)?.[1];
        if (id && line.includes(`name=${prefix}`)) await admin.call('CLIENT', 'KILL', 'ID', id);
      }
      admin.disconnect();
    } else {
      await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal-reads' and datname = '${new URL(first.database.url as string).pathname.slice(1)}'`,
      );
    }
    await vi.waitFor(() => expect(secondReads.stats.flushes).toBeGreaterThan(flushes));
    // Whatever the channel's state now (down, or back and flushed), the sign-out is seen at once.
    expect((await post(first.app, '/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
    expect(await refusedBy(second, token)).toBe(true);
    await vi.waitFor(() => expect(secondReads.serving).toBe(true), { timeout: 5_000 });
    // Back: it listens again, so a sign-out after the reconnection reaches it too.
    const again = await first.signIn('sam.single@example.com');
    expect(await refusedBy(second, again)).toBe(false);
    expect(await refusedBy(second, again)).toBe(false);
    const heard = secondReads.stats.invalidations;
    expect((await post(first.app, '/api/account/logout', { AccessToken: again })).statusCode).toBe(200);
    await vi.waitFor(() => expect(secondReads.stats.invalidations).toBeGreaterThan(heard));
    expect(await refusedBy(second, again)).toBe(true);
  });
});
