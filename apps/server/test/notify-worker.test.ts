/**
 * The e-mail/SMS outbox worker against a real SMTP server (test/mail-sink.ts): failures and
 * back-off, delivery after a failure, a lease left by a crashed process, dead-lettering, and a
 * stop between the write and the send. Each test runs its own workers by hand: the app's own
 * worker is stopped so that it cannot take the rows first.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { enqueueNotification } from '../src/notify/outbox.ts';
import {
  smsWebhookTransport,
  smtpTransport,
  transportsFromConfig,
  type Transport,
  type Transports,
} from '../src/notify/transports.ts';
import { DELIVERY, createNotifier, type Notifier } from '../src/notify/worker.ts';
import { DIALECTS, PASSWORD, TEST_KEY, createTestApp, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

const FROM = 'Portal tests <no-reply@example.com>';

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(DIALECTS)('notification outbox worker on %s', (dialect) => {
  const mail = useDelivery();
  let refusedUrl: string;
  let t: TestApp;
  beforeAll(async () => {
    refusedUrl = `smtp://127.0.0.1:${await closedPort()}`;
  });
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.deps.notifier.stop();
  });
  afterEach(() => t.close());

  const worker = (transports: Transports): Notifier =>
    createNotifier(
      { db: t.deps.db, clock: t.clock, cipher: t.deps.cipher, log: t.deps.log, transports },
      { autoStart: false },
    );
  const real = (): Transport => smtpTransport(mail.smtp.url, FROM);
  /** SMTP that is down for the first `failures` sends (the connection is refused), then the real sink. */
  function flaky(failures: number): Transport & { calls: () => number } {
    const down = smtpTransport(refusedUrl, FROM);
    const up = real();
    let calls = 0;
    return { calls: () => calls, send: (m) => (calls++ < failures ? down : up).send(m) };
  }
  const newRecipient = () => `${crypto.randomUUID()}@example.com`;
  const TEXT = 'Your code is 4321.';
  const enqueue = (to: string) =>
    enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
      accountId: null,
      kind: 'test',
      channel: 'email',
      to,
      subject: 'A test',
      text: TEXT,
    });
  const row = (id: string) =>
    t.deps.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const received = (to: string) => mail.smtp.messages.filter((m) => m.to === to);

  it('records a failed attempt and schedules the next within the back-off range, not before', async () => {
    const to = newRecipient();
    const id = await enqueue(to);
    const sent = t.clock.now();
    expect(await worker({ email: flaky(1) }).drainOnce()).toBe(0);
    const failed = await row(id);
    expect(failed).toMatchObject({
      attempts: 1,
      sent_at: null,
      dead_at: null,
      locked_until: null,
      last_error: expect.stringContaining('ECONNREFUSED'),
    });
    expect(failed.body_enc).not.toBeNull();
    expect(failed.next_attempt_at).toBeGreaterThanOrEqual(sent + DELIVERY.baseDelayMs / 2);
    expect(failed.next_attempt_at).toBeLessThanOrEqual(sent + DELIVERY.baseDelayMs);

    const retry = worker({ email: real() });
    t.clock.set(failed.next_attempt_at - 1);
    expect(await retry.drainOnce()).toBe(0);
    expect((await row(id)).attempts).toBe(1);
    expect(received(to)).toEqual([]);
    // Neither the recipient nor the text reaches the logs.
    expect(t.logs.join('')).toContain('notification delivery failed');
    expect(t.logs.join('')).not.toContain(to);
    expect(t.logs.join('')).not.toContain('4321');
  });

  it('delivers once after a failure and clears the body', async () => {
    const to = newRecipient();
    const id = await enqueue(to);
    const email = flaky(1);
    const w = worker({ email });
    expect(await w.drainOnce()).toBe(0);
    t.clock.set((await row(id)).next_attempt_at);
    expect(await w.drainOnce()).toBe(1);
    expect((await mail.smtp.next(to)).text).toContain(TEXT);
    const done = await row(id);
    expect(done).toMatchObject({
      attempts: 2,
      sent_at: t.clock.now(),
      body_enc: null,
      locked_until: null,
      dead_at: null,
    });
    expect(done.recipient_enc).not.toContain(to);

    t.clock.advance(60 * 60_000);
    expect(await w.drainOnce()).toBe(0);
    expect(email.calls()).toBe(2);
    expect(received(to)).toHaveLength(1);
  });

  it('delivers a row leased by a crashed process once the lease has ended', async () => {
    const to = newRecipient();
    const id = await enqueue(to);
    // This process dies during the send: the row stays leased, its attempt never recorded.
    const crashed = worker({ email: { send: () => new Promise<void>(() => {}) } });
    void crashed.drainOnce();
    await vi.waitFor(async () => expect((await row(id)).locked_until).toBe(t.clock.now() + DELIVERY.leaseMs));

    const next = worker({ email: real() });
    expect(await next.drainOnce()).toBe(0);
    t.clock.advance(DELIVERY.leaseMs);
    expect(await next.drainOnce()).toBe(0);
    t.clock.advance(1);
    expect(await next.drainOnce()).toBe(1);
    expect((await mail.smtp.next(to)).text).toContain(TEXT);
    expect(await row(id)).toMatchObject({ attempts: 1, body_enc: null, locked_until: null, sent_at: t.clock.now() });
  });

  it('keeps what the process owning the row recorded when a send that outlived its lease fails late', async () => {
    const to = newRecipient();
    const id = await enqueue(to);
    let fail: (e: Error) => void = () => {};
    const slow = worker({ email: { send: () => new Promise<void>((_, reject) => (fail = reject)) } });
    const slowRound = slow.drainOnce();
    await vi.waitFor(async () => expect((await row(id)).locked_until).not.toBeNull());
    t.clock.advance(DELIVERY.leaseMs + 1);
    expect(await worker({ email: real() }).drainOnce()).toBe(1);
    fail(new Error('connection reset'));
    expect(await slowRound).toBe(0);
    expect(await row(id)).toMatchObject({
      attempts: 1,
      last_error: null,
      dead_at: null,
      body_enc: null,
      sent_at: expect.any(Number),
    });
    expect(received(to)).toHaveLength(1);
  });

  it('parks the row as dead after the maximum attempts, backing off each time', async () => {
    const to = newRecipient();
    const id = await enqueue(to);
    const email = flaky(Number.POSITIVE_INFINITY);
    const w = worker({ email });
    for (let attempt = 1; attempt <= DELIVERY.maxAttempts; attempt++) {
      const before = t.clock.now();
      await w.drainOnce();
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      if (attempt < DELIVERY.maxAttempts) {
        expect(r.dead_at).toBeNull();
        const ceiling = Math.min(DELIVERY.baseDelayMs * 2 ** (attempt - 1), DELIVERY.maxDelayMs);
        expect(r.next_attempt_at - before).toBeGreaterThanOrEqual(ceiling / 2);
        expect(r.next_attempt_at - before).toBeLessThanOrEqual(ceiling);
        t.clock.set(r.next_attempt_at);
      } else {
        expect(r).toMatchObject({ dead_at: t.clock.now(), sent_at: null, locked_until: null });
      }
    }
    t.clock.advance(24 * 60 * 60_000);
    expect(await w.drainOnce()).toBe(0);
    expect(email.calls()).toBe(DELIVERY.maxAttempts);
    expect((await row(id)).attempts).toBe(DELIVERY.maxAttempts);
    expect(received(to)).toEqual([]);
  });

  it('keeps an address in an error message out of the record', async () => {
    const to = newRecipient();
    const id = await enqueue(to);
    const rejecting: Transport = {
      send: async (m) => {
        throw new Error(`550 5.1.1 <${m.to}>: Recipient address rejected`);
      },
    };
    await worker({ email: rejecting }).drainOnce();
    expect((await row(id)).last_error).toBe('550 5.1.1 [address] Recipient address rejected');
  });

  it('skips rows removed or finished while a round is under way', async () => {
    const [first, removed, finished, last] = [newRecipient(), newRecipient(), newRecipient(), newRecipient()];
    const ids: Record<string, string> = {};
    for (const to of [first, removed, finished, last]) {
      ids[to] = await enqueue(to);
      t.clock.advance(1);
    }
    const up = real();
    // As the first goes out, another process cancels the second and finishes the third.
    const email: Transport = {
      async send(m) {
        if (m.to === first) {
          await t.deps.db
            .deleteFrom('notifications')
            .where('id', '=', ids[removed] as string)
            .execute();
          await t.deps.db
            .updateTable('notifications')
            .set({ sent_at: t.clock.now(), body_enc: null })
            .where('id', '=', ids[finished] as string)
            .execute();
        }
        await up.send(m);
      },
    };
    expect(await worker({ email }).drainOnce()).toBe(2);
    expect(received(first)).toHaveLength(1);
    expect(received(last)).toHaveLength(1);
    expect(received(removed)).toEqual([]);
    expect(received(finished)).toEqual([]);
  });

  it('withdraws a message that has expired instead of sending it, at its next attempt', async () => {
    const [late, onTime] = [newRecipient(), newRecipient()];
    const expiresAt = t.clock.now() + 30 * 60_000;
    const queue = (to: string) =>
      enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
        accountId: null,
        kind: 'test',
        channel: 'email',
        to,
        subject: 'A test',
        text: TEXT,
        expiresAt,
      });
    const lateId = await queue(late);
    const w = worker({ email: flaky(1) });
    expect(await w.drainOnce()).toBe(0);
    const onTimeId = await queue(onTime);
    t.clock.set(expiresAt - 1);
    // The first failed once; the second is sent just in time.
    await t.deps.db.updateTable('notifications').set({ next_attempt_at: expiresAt }).where('id', '=', lateId).execute();
    expect(await w.drainOnce()).toBe(1);
    expect(received(onTime)).toHaveLength(1);
    t.clock.set(expiresAt);
    expect(await w.drainOnce()).toBe(0);
    expect(
      await t.deps.db.selectFrom('notifications').select('id').where('id', 'in', [lateId, onTimeId]).execute(),
    ).toEqual([{ id: onTimeId }]);
    expect(received(late)).toEqual([]);
  });

  it('leaves a row that another process has just tried to its back-off', async () => {
    const [first, second] = [newRecipient(), newRecipient()];
    await enqueue(first);
    t.clock.advance(1);
    const secondId = await enqueue(second);
    const other = worker({ email: flaky(Number.POSITIVE_INFINITY) });
    const up = real();
    // While this round sends the first, another process fails to send the second.
    const email: Transport = {
      async send(m) {
        if (m.to === first) await other.drainOnce();
        await up.send(m);
      },
    };
    expect(await worker({ email }).drainOnce()).toBe(1);
    expect(received(first)).toHaveLength(1);
    expect(received(second)).toEqual([]);
    expect(await row(secondId)).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
  });

  it('keeps to the SMS webhook contract: JSON, bearer token, one idempotency key for every attempt, only 2xx accepted', async () => {
    const answers = [503, 302, 202];
    const requests: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
    const gateway = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(answers[requests.length - 1] ?? 500, { location: '/elsewhere' }).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
      const id = await enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
        accountId: null,
        kind: 'test',
        channel: 'sms',
        to: '0412345678',
        subject: 'S',
        text: TEXT,
      });
      const w = worker({ sms: smsWebhookTransport(url, 'hook-secret') });
      for (const error of ['SMS webhook answered 503', 'SMS webhook answered 302']) {
        expect(await w.drainOnce()).toBe(0);
        const failed = await row(id);
        expect(failed.last_error).toBe(error);
        t.clock.set(failed.next_attempt_at);
      }
      expect(await w.drainOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ attempts: 3, body_enc: null, sent_at: t.clock.now() });
      // Not the redirect's target: only the three POSTs to the webhook itself.
      expect(requests).toHaveLength(3);
      for (const r of requests) {
        expect(r.body).toEqual({ to: '0412345678', message: TEXT });
        expect(r.headers).toMatchObject({
          'content-type': 'application/json',
          authorization: 'Bearer hook-secret',
          'idempotency-key': id,
        });
      }
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('counts a webhook that cannot be reached, or does not answer within the time-out, as a failure saying which', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const id = await enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
        accountId: null,
        kind: 'test',
        channel: 'sms',
        to: '0412345678',
        subject: 'S',
        text: TEXT,
      });
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/sms`;
      expect(await worker({ sms: smsWebhookTransport(url, undefined, 200) }).drainOnce()).toBe(0);
      expect(await row(id)).toMatchObject({
        attempts: 1,
        sent_at: null,
        last_error: 'SMS webhook not reached: no answer within 200 ms',
      });
      t.clock.set((await row(id)).next_attempt_at);
      expect(
        await worker({ sms: smsWebhookTransport(`http://127.0.0.1:${await closedPort()}/sms`, undefined) }).drainOnce(),
      ).toBe(0);
      expect(await row(id)).toMatchObject({ attempts: 2, last_error: 'SMS webhook not reached: ECONNREFUSED' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('loses nothing when the server stops between writing a code and sending it', async () => {
    const ROBIN = 'robin.pending@example.com';
    const login = await t.post('/api/account/login', {
      EmailAddress: ROBIN,
      Password: PASSWORD,
      RememberMe: false,
      DeviceType: 0,
    });
    const token = login.json().AccessToken as string;
    // The app's worker is stopped: the code and its message are written, nothing is sent.
    expect(
      (await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: token, DevType: 0 })).json(),
    ).toEqual({ SMS: false, Email: true });
    const waiting = await t.deps.db
      .selectFrom('notifications')
      .select(['id', 'sent_at', 'attempts'])
      .where('kind', '=', 'access-code:activation')
      .execute();
    expect(waiting).toEqual([{ id: expect.any(String), sent_at: null, attempts: 0 }]);
    expect(received(ROBIN)).toEqual([]);

    // The next process's worker sends it, and the code works.
    expect(await worker({ email: real() }).drainOnce()).toBe(1);
    const code = codeIn(await mail.smtp.next(ROBIN));
    expect(
      (
        await t.post('/api/account/validatesecuritycodeforlogin', {
          AccessToken: token,
          SecurityCode: code,
          DeviceType: 0,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('e-mail delivery in production', () => {
  const production = { NODE_ENV: 'production', DATA_ENCRYPTION_KEY: TEST_KEY.toString('base64') };

  it('refuses to start without SMTP_URL, naming it with every other missing variable', () => {
    expect(() => loadConfig(production)).toThrow(
      /^Invalid configuration:\n {2}SMTP_URL: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: required when NODE_ENV=production\n  SMTP_URL: required',
    );
    expect(() => loadConfig({ ...production, NODE_ENV: 'development' })).not.toThrow();
  });

  it('has no development mailbox: without SMS_WEBHOOK_URL, text messages wait for one', () => {
    const config = loadConfig({
      ...production,
      SMTP_URL: 'smtp://mail.internal:587',
      PROVIDER_PRIVACY_EMAIL: 'privacy@tac.vic.gov.au',
      PROVIDER_WEBSITE: 'https://www.tac.vic.gov.au',
      PUBLIC_URL: 'https://portal.tac.vic.gov.au',
    });
    expect(config.devOutbox).toBe(false);
    const transports = transportsFromConfig(config, {} as never, () => 0);
    expect(Object.keys(transports)).toEqual(['email']);
  });
});
