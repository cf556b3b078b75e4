import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startMetricsListener, type MetricsListener } from '../src/lib/metrics-listener.ts';
import { queueForProvider } from '../src/modules/provider/outbox.ts';
import { enqueueNotification } from '../src/notify/outbox.ts';
import { errorNumbersOf, outcomeOf } from '../src/plugins/metrics.ts';
import { CSRF, DIALECTS, PASSWORD, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of the exposition text (one per line that is not a comment). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1] as string, labels, value: Number(m[3]) };
    });
}

/** The value of the one sample of `name` with exactly these labels (0 when there is none yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.filter(
    (s) =>
      s.name === name &&
      JSON.stringify(Object.entries(s.labels).sort()) === JSON.stringify(Object.entries(labels).sort()),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const scrape = async (t: TestApp): Promise<Sample[]> => parse(await t.app.metrics.metrics());

const LOGIN = '/api/account/login';
const login = (t: TestApp, url: string, password: string) =>
  t.post(url, { EmailAddress: 'sam.single@example.com', Password: password, RememberMe: false, DeviceType: 0 });

describe.each(DIALECTS)('metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Delivery by hand: the gauges must see what is queued, not what the worker has sent since.
    await t.deps.notifier.stop();
  });
  afterAll(() => t.close());

  it('counts answers by route pattern, method and status, and 225 answers by catalogue number', async () => {
    const ok = await login(t, LOGIN, PASSWORD);
    expect(ok.statusCode).toBe(200);
    const wrongPassword = await login(t, LOGIN, 'not-the-password');
    expect(errorNumbers(wrongPassword)).toEqual([ErrorNumber.LoginFailed]);
    const noToken = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: {},
      headers: { cookie: `__Host-XSRF-TOKEN=${CSRF}` },
    });
    expect(errorNumbers(noToken)).toEqual([ErrorNumber.CsrfMismatch]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/call?user=someone@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const samples = await scrape(t);
    expect(valueOf(samples, 'portal_http_requests_total', { route: LOGIN, method: 'POST', status: '200' })).toBe(1);
    expect(valueOf(samples, 'portal_http_requests_total', { route: LOGIN, method: 'POST', status: '225' })).toBe(2);
    expect(valueOf(samples, 'portal_api_errors_total', { route: LOGIN, number: String(ErrorNumber.LoginFailed) })).toBe(
      1,
    );
    expect(
      valueOf(samples, 'portal_api_errors_total', { route: LOGIN, number: String(ErrorNumber.CsrfMismatch) }),
    ).toBe(1);
    expect(valueOf(samples, 'portal_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(
      1,
    );
    expect(valueOf(samples, 'portal_http_requests_total', { route: '/healthz', method: 'GET', status: '200' })).toBe(1);
    expect(valueOf(samples, 'portal_http_request_duration_seconds_count', { route: LOGIN })).toBe(3);
    expect(valueOf(samples, 'portal_http_request_duration_seconds_bucket', { route: LOGIN, le: '+Inf' })).toBe(3);
    // Never the raw URL, nor anything in it.
    const text = await t.app.metrics.metrics();
    expect(text).not.toContain('no/such/call');
    expect(text).not.toContain('example.com');
  });

  it('counts every answer as ok, refused or fault — a 225 by its first number — so monitoring by outcome sees errors', async () => {
    const outcome = (samples: Sample[], route: string, value: string) =>
      valueOf(samples, 'portal_http_outcomes_total', { route, outcome: value });
    const before = await scrape(t);
    expect((await login(t, LOGIN, PASSWORD)).statusCode).toBe(200);
    expect(errorNumbers(await login(t, LOGIN, 'not-the-password'))).toEqual([ErrorNumber.LoginFailed]);
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/call' })).statusCode).toBe(404);
    const PAGEVIEW = '/api/analytics/pageview';
    // A fault of ours (199) travels as a 225 too: the table the call writes is gone.
    await t.deps.db.schema.dropTable('page_views').execute();
    expect(errorNumbers(await t.post(PAGEVIEW, { Path: '/claims', Title: 'Claims' }))).toEqual([ErrorNumber.Internal]);
    const after = await scrape(t);
    const delta = (route: string, value: string) => outcome(after, route, value) - outcome(before, route, value);
    expect(delta(LOGIN, 'ok')).toBe(1);
    expect(delta(LOGIN, 'refused')).toBe(1);
    expect(delta(LOGIN, 'fault')).toBe(0);
    expect(delta('unmatched', 'refused')).toBe(1);
    expect(delta(PAGEVIEW, 'fault')).toBe(1);
    expect(delta(PAGEVIEW, 'ok')).toBe(0);
    // Every outcome series of a route starts at 0 once it has answered, so rate() and ratios work at once.
    expect(
      after.some(
        (s) => s.name === 'portal_http_outcomes_total' && s.labels.route === PAGEVIEW && s.labels.outcome === 'ok',
      ),
    ).toBe(true);
  });

  it('reads a busy answer (198, a dependency out) as a fault and a limit or a wrong detail as a refusal', () => {
    expect(outcomeOf(225, String(ErrorNumber.ServiceBusy))).toBe('fault');
    expect(outcomeOf(225, String(ErrorNumber.Internal))).toBe('fault');
    expect(outcomeOf(225, String(ErrorNumber.LoginFailed))).toBe('refused');
    expect(outcomeOf(408, undefined)).toBe('refused');
    expect(outcomeOf(503, undefined)).toBe('fault');
    expect(outcomeOf(200, undefined)).toBe('ok');
  });

  it('counts a percent-encoded spelling of a route under its pattern, not as a label of its own', async () => {
    const before = await scrape(t);
    const res = await login(t, '/%61pi/account/login', 'not-the-password');
    expect(errorNumbers(res)).toEqual([ErrorNumber.LoginFailed]);
    const after = await scrape(t);
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('portal_http_requests_total', { route: LOGIN, method: 'POST', status: '225' })).toBe(1);
    expect(delta('portal_api_errors_total', { route: LOGIN, number: String(ErrorNumber.LoginFailed) })).toBe(1);
    expect(after.filter((s) => s.labels.route?.includes('%'))).toEqual([]);
  });

  it('does not serve the metrics on the portal port: GET /metrics there is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('portal_http_requests_total');
  });

  it('shows the outboxes at scrape time: queued, dead and expired notifications, pending and dead webhook events', async () => {
    const outbox = (samples: Sample[], name: string, state: string) =>
      valueOf(samples, 'portal_outbox_messages', { outbox: name, state });
    const before = await scrape(t);
    const queue = (expiresAt?: number) =>
      enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
        accountId: null,
        kind: 'test',
        channel: 'email',
        to: 'x@example.com',
        subject: 'S',
        text: 'T',
        ...(expiresAt ? { expiresAt } : {}),
      });
    const [waiting, dead, expired] = [await queue(), await queue(), await queue(t.clock.now() - 1)];
    await t.deps.db
      .updateTable('notifications')
      .set({ dead_at: t.clock.now(), attempts: 8 })
      .where('id', 'in', [dead, expired])
      .execute();
    const claim = await t.deps.db.selectFrom('claims').select('id').executeTakeFirstOrThrow();
    // Marked by their FormID, to find and remove them after.
    const payload = { FormID: 'metrics-test', AcceptedTerms: false, Answers: [] };
    const ours = sql<boolean>`payload like ${'%"metrics-test"%'}`;
    await queueForProvider(t.deps.db, { claimId: claim.id, kind: 'self-assessment', payload, now: t.clock.now() });
    await queueForProvider(t.deps.db, { claimId: claim.id, kind: 'self-assessment', payload, now: t.clock.now() });
    await t.deps.db
      .updateTable('provider_outbox')
      .set({ dead_at: t.clock.now() })
      .where(ours)
      .where('seq', '=', (eb) => eb.selectFrom('provider_outbox').select((e) => e.fn.max('seq').as('m')))
      .execute();
    try {
      const after = await scrape(t);
      expect(outbox(after, 'notifications', 'pending') - outbox(before, 'notifications', 'pending')).toBe(1);
      // An expired notification can no longer be retried: like /readyz, it is not counted as dead.
      expect(outbox(after, 'notifications', 'dead') - outbox(before, 'notifications', 'dead')).toBe(1);
      expect(outbox(after, 'provider_webhook', 'pending') - outbox(before, 'provider_webhook', 'pending')).toBe(1);
      expect(outbox(after, 'provider_webhook', 'dead') - outbox(before, 'provider_webhook', 'dead')).toBe(1);
      expect(await t.app.metrics.metrics()).not.toContain('x@example.com');
    } finally {
      await t.deps.db.deleteFrom('notifications').where('id', 'in', [waiting, dead, expired]).execute();
      await t.deps.db.deleteFrom('provider_outbox').where(ours).execute();
    }
  });

  it('counts failed notification attempts by channel, and the one that parks a notification as dead', async () => {
    const failures = (samples: Sample[], outcome: string) =>
      valueOf(samples, 'portal_notification_failures_total', { channel: 'email', outcome });
    const before = await scrape(t);
    expect(
      before.some(
        (s) =>
          s.name === 'portal_notification_failures_total' && s.labels.channel === 'sms' && s.labels.outcome === 'dead',
      ),
    ).toBe(true);
    const queue = () =>
      enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
        accountId: null,
        kind: 'test',
        channel: 'email',
        to: 'x@example.com',
        subject: 'S',
        text: 'T',
      });
    const [retried, last] = [await queue(), await queue()];
    // Nothing to send: the attempt fails whatever the transport. The second is on its last attempt.
    await t.deps.db.updateTable('notifications').set({ body_enc: null }).where('id', 'in', [retried, last]).execute();
    await t.deps.db.updateTable('notifications').set({ attempts: 7 }).where('id', '=', last).execute();
    try {
      await t.deps.notifier.drainOnce();
      const after = await scrape(t);
      expect(failures(after, 'retry') - failures(before, 'retry')).toBe(1);
      expect(failures(after, 'dead') - failures(before, 'dead')).toBe(1);
    } finally {
      await t.deps.db.deleteFrom('notifications').where('id', 'in', [retried, last]).execute();
    }
  });
});

describe('metrics registries', () => {
  it('are one per app: two apps count their own requests', async () => {
    const [a, b] = [await createTestApp('sqlite'), await createTestApp('sqlite')];
    try {
      await a.app.inject({ method: 'GET', url: '/healthz' });
      await a.app.inject({ method: 'GET', url: '/healthz' });
      await b.app.inject({ method: 'GET', url: '/healthz' });
      const route = { route: '/healthz', method: 'GET', status: '200' };
      expect(valueOf(await scrape(a), 'portal_http_requests_total', route)).toBe(2);
      expect(valueOf(await scrape(b), 'portal_http_requests_total', route)).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('read the error numbers of a 225 list only, at most five, outside the catalogue as other', () => {
    const list = (numbers: number[]) =>
      JSON.stringify(numbers.map((n) => ({ Number: n, Message: `m "Number":${n + 1}`, Field: 'x' })));
    expect(errorNumbersOf(list([101]))).toEqual(['101']);
    expect(errorNumbersOf(list([100, 100, 103]))).toEqual(['100', '103']);
    expect(errorNumbersOf(list([100, 101, 102, 103, 104, 105, 106]))).toHaveLength(5);
    expect(errorNumbersOf(list([987654]))).toEqual(['other']);
    expect(errorNumbersOf(Buffer.from(list([107])))).toEqual(['107']);
    expect(errorNumbersOf(undefined)).toEqual([]);
  });
});

describe('the metrics listener', () => {
  let t: TestApp;
  let listener: MetricsListener | undefined;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });
  afterAll(() => t.close());

  it('binds to 127.0.0.1 by default, and METRICS_PORT 0 or off turns it off', () => {
    expect(loadConfig({}).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '::1' }).metrics).toEqual({ port: 9100, host: '::1' });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: 'on' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080', PORT: '8080' })).toThrow(ConfigError);
  });

  it('serves /metrics on its own loopback listener, with the process metrics, and nothing else', async () => {
    listener = await startMetricsListener(t.app.metrics, { host: '127.0.0.1', port: 0 }, t.deps.log);
    expect(listener.address.address).toBe('127.0.0.1');
    expect(listener.address.port).not.toBe(0);
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const base = `http://127.0.0.1:${listener.address.port}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await res.text());
    expect(valueOf(samples, 'portal_http_requests_total', { route: '/healthz', method: 'GET', status: '200' })).toBe(1);
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics/x`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
