import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION, LIST_TYPES } from '@portal/contracts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { REFERENCE_LISTS } from '../src/db/seed/reference.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('reference calls on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('serves the version, build commit and provider identity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/information/getinformation' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Version).toBe(APP_VERSION);
    expect(res.json().Commit).toBeTypeOf('string');
    expect(res.json().Provider.Phone).toBe('1300 654 329');
  });

  it.each(LIST_TYPES)('serves the %s list from the database, sorted by ElementNumber', async (listType) => {
    // Reorder in the database: the answer follows ElementNumber, not insertion order.
    await t.deps.db
      .updateTable('dropdown_items')
      .set({ element_number: 1 })
      .where('list_type', '=', listType)
      .where('id', '=', 2)
      .execute();
    // Spec 000 §3: the client sends AccessToken null with this request.
    const ok = await t.post('/api/dropdownlistdatasource/list', { ListType: listType, AccessToken: null });
    expect(ok.statusCode, ok.body).toBe(200);
    const items = ok.json().Items as { ElementNumber: number; Item: string }[];
    expect(items).toHaveLength(REFERENCE_LISTS[listType]?.length ?? -1);
    expect(items[0]?.Item).toBe(REFERENCE_LISTS[listType]?.[1]);
    const numbers = items.map((i) => i.ElementNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('refuses an unknown list kind', async () => {
    expect(errorNumbers(await t.post('/api/dropdownlistdatasource/list', { ListType: 'Secrets' }))).toEqual([100]);
  });

  it('lists only maintenance messages in force', async () => {
    expect((await t.post('/api/maintenance/checkmessage', {})).json()).toEqual([]);
    const now = t.clock.now();
    await t.deps.db
      .insertInto('maintenance_messages')
      .values([
        { id: 'a', message: 'Down for an upgrade tonight', starts_at: now - 1000, ends_at: now + 3_600_000 },
        { id: 'b', message: 'Old notice', starts_at: now - 7_200_000, ends_at: now - 3_600_000 },
        { id: 'c', message: 'Future notice', starts_at: now + 3_600_000, ends_at: null },
      ])
      .execute();
    expect((await t.post('/api/maintenance/checkmessage', {})).json()).toEqual([
      { Message: 'Down for an upgrade tonight' },
    ]);
  });

  it('records a page view without the query string, with the account when signed in', async () => {
    const token = await t.signIn('sam.single@example.com');
    expect(
      (
        await t.post('/api/analytics/pageview', { Path: '/claims?x=secret', Title: 'My Claims', AccessToken: token })
      ).json(),
    ).toBe(true);
    expect((await t.post('/api/analytics/pageview', { Path: '/login', Title: 'Sign in' })).json()).toBe(true);
    const rows = await t.deps.db
      .selectFrom('page_views')
      .select(['path', 'title', 'account_id'])
      .orderBy('at')
      .execute();
    expect(rows.map((r) => r.path).sort()).toEqual(['/claims', '/login']);
    expect(rows.find((r) => r.path === '/claims')?.account_id).toBeTruthy();
    expect(rows.find((r) => r.path === '/login')?.account_id).toBeNull();
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEY/);
  });
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('./data');
    expect(c.databaseUrl).toBeUndefined();
  });
});

describe('configuration in production (fails closed)', () => {
  /** Everything an operator must set in production (README "Running in production"). */
  const PRODUCTION = {
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    SMTP_URL: 'smtps://mail.tac.vic.gov.au:465',
    PROVIDER_PRIVACY_EMAIL: 'privacy@tac.vic.gov.au',
    PROVIDER_WEBSITE: 'https://www.tac.vic.gov.au',
    PUBLIC_URL: 'https://portal.tac.vic.gov.au',
  };
  const refusal = (env: Record<string, string>): string => {
    try {
      loadConfig({ ...PRODUCTION, ...env });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('starts with every production variable set, https webhooks and no development switches', () => {
    const c = loadConfig({
      ...PRODUCTION,
      PORTAL_DEMO: '0',
      PORTAL_DEV_OUTBOX: '0',
      SMS_WEBHOOK_URL: 'https://sms.tac.vic.gov.au/send',
      PROVIDER_WEBHOOK_URL: 'https://claims.tac.vic.gov.au/events',
      PROVIDER_WEBHOOK_SECRET: 'x'.repeat(32),
    });
    expect(c.demo).toBe(false);
    // The Standard Webhooks form of the secret is taken as it is.
    const standard = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(
      loadConfig({
        ...PRODUCTION,
        PROVIDER_WEBHOOK_URL: 'https://claims.tac.vic.gov.au/events',
        PROVIDER_WEBHOOK_SECRET: standard,
      }).webhook?.secret,
    ).toBe(standard);
    expect(c.devOutbox).toBe(false);
    expect(c.provider.privacyEmail).toBe('privacy@tac.vic.gov.au');
  });

  it.each([
    ['PORTAL_DEMO', { PORTAL_DEMO: '1' }],
    ['PORTAL_DEMO', { PORTAL_DEMO: 'true' }],
    ['PORTAL_DEV_OUTBOX', { PORTAL_DEV_OUTBOX: '1' }],
    ['PROVIDER_PRIVACY_EMAIL', { PROVIDER_PRIVACY_EMAIL: 'privacy@example.com' }],
    ['PROVIDER_PRIVACY_EMAIL', { PROVIDER_PRIVACY_EMAIL: 'privacy@mail.EXAMPLE.org' }],
    ['PROVIDER_WEBSITE', { PROVIDER_WEBSITE: 'https://www.example.com' }],
    ['PROVIDER_WEBSITE', { PROVIDER_WEBSITE: 'https://example.org/claims' }],
    [
      'PROVIDER_WEBHOOK_URL',
      { PROVIDER_WEBHOOK_URL: 'http://claims.tac.vic.gov.au/events', PROVIDER_WEBHOOK_SECRET: 'x'.repeat(32) },
    ],
    ['SMS_WEBHOOK_URL', { SMS_WEBHOOK_URL: 'http://sms.tac.vic.gov.au/send' }],
    // A Standard Webhooks secret whose key is not base64 of 24 to 64 bytes.
    ['PROVIDER_WEBHOOK_SECRET', { PROVIDER_WEBHOOK_SECRET: `whsec_${Buffer.alloc(16, 1).toString('base64')}=====` }],
    ['PROVIDER_WEBHOOK_SECRET', { PROVIDER_WEBHOOK_SECRET: `whsec_${'!'.repeat(40)}` }],
    ['PROVIDER_WEBHOOK_SECRET', { PROVIDER_WEBHOOK_SECRET: `whsec_${Buffer.alloc(65, 1).toString('base64')}` }],
  ])('refuses to start, naming %s, for %j', (variable, env) => {
    expect(refusal(env)).toMatch(new RegExp(`^Invalid configuration:\\n(  .+\\n)*  ${variable}: `));
  });

  it('refuses the placeholder provider contacts of the defaults, naming both', () => {
    const { PROVIDER_PRIVACY_EMAIL: _email, PROVIDER_WEBSITE: _website, ...withoutContacts } = PRODUCTION;
    expect(() => loadConfig(withoutContacts)).toThrow(
      /\n {2}PROVIDER_PRIVACY_EMAIL: .*privacy@example\.com.*\n {2}PROVIDER_WEBSITE: .*www\.example\.com/,
    );
  });

  it('names every refused variable at once', () => {
    const message = refusal({
      PORTAL_DEMO: '1',
      PORTAL_DEV_OUTBOX: '1',
      SMS_WEBHOOK_URL: 'http://sms.tac.vic.gov.au/send',
    });
    for (const variable of ['PORTAL_DEMO', 'PORTAL_DEV_OUTBOX', 'SMS_WEBHOOK_URL'])
      expect(message).toContain(`\n  ${variable}: `);
  });

  it('allows all of it outside production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(() =>
        loadConfig({
          NODE_ENV,
          PORTAL_DEMO: '1',
          PORTAL_DEV_OUTBOX: '1',
          SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
          PROVIDER_WEBHOOK_URL: 'http://127.0.0.1:9/events',
          PROVIDER_WEBHOOK_SECRET: 'x'.repeat(32),
        }),
      ).not.toThrow();
    }
  });
});

describe('development outbox', () => {
  it('shows what would have been sent, as JSON and as a page, only when enabled', async () => {
    const { createTestApp: create } = await import('./helpers.ts');
    const on = await create('sqlite', { PORTAL_DEV_OUTBOX: '1' });
    try {
      await on.deps.db
        .insertInto('dev_mailbox')
        .values({
          id: 'm1',
          channel: 'email',
          recipient: 'a@example.com',
          subject: 'Your <code>',
          body: 'Code is 1234',
          at: on.clock.now(),
        })
        .execute();
      const json = await on.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(json.json()[0]).toMatchObject({ To: 'a@example.com', Subject: 'Your <code>', Body: 'Code is 1234' });
      const page = await on.app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'text/html' } });
      expect(page.body).toContain('Your &lt;code&gt;');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await on.close();
    }
    const off = await create('sqlite');
    try {
      expect((await off.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PORTAL_DEV_OUTBOX: '1',
        SMTP_URL: 'smtp://127.0.0.1:25',
        DATA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
      }),
    ).toThrow(/PORTAL_DEV_OUTBOX: must be 0/);
  });
});
