/** Outbox delivery to the claims system's webhook: signed, ordered per claim, retried, parked, replayed, once. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { buildEvent, createProviderDelivery } from '../src/modules/provider/delivery.ts';
import { listOutbox, replayOutboxEvent } from '../src/modules/provider/outbox.ts';
import { DIALECTS, createTestApp, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';
import { schemaDisagreements, startReceiver, type Received } from './webhook-receiver.ts';

const SECRET = 'webhook-secret-of-at-least-32-characters!';

describe.each(DIALECTS)('provider delivery on %s', (dialect) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let token: string;
  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestApp(dialect), startReceiver(SECRET)]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  // Every event delivered here is what its schema in the contracts says.
  afterEach(() => {
    expect(schemaDisagreements(receiver.received)).toEqual([]);
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.fail(false);
    // (Tests move the clock by hours: each starts with a fresh session.)
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
  });

  const worker = (maxAttempts = 3, secret = SECRET) =>
    createProviderDelivery(t.deps, { url: receiver.url, secret, maxAttempts }, { autoStart: false, random: () => 1 });
  const enquiry = async (message: string) => {
    const { Identifier } = (
      await t.post('/api/documentupload/uploadcontactform', {
        AccessToken: token,
        Category: { Item: 'Payments', ElementNumber: 20 },
        Message: message,
      })
    ).json();
    const body = multipart(
      { accessToken: token, FormType: 'contact', FormId: Identifier },
      { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
    );
    await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body });
    const sent = await t.post('/api/documentupload/submitcontactform', {
      AccessToken: token,
      FormId: Identifier,
      IdempotencyKey: `enquiry-${message}`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json().SentItemId as string;
  };
  const pending = async () => (await listOutbox(t.deps, 'pending')).length;

  it('delivers every event, signed, in order per claim, with links to its files', async () => {
    // Anything queued by earlier tests of this file goes first.
    await worker().drainOnce();
    receiver.received.length = 0;
    await enquiry('first');
    await enquiry('second');
    await enquiry('third');
    expect(await worker().drainOnce()).toBe(3);
    expect(receiver.received.map((r) => (r.body.Data as { Message: string }).Message)).toEqual([
      'first',
      'second',
      'third',
    ]);
    expect(receiver.received.every((r) => r.validSignature && r.type === 'enquiry' && r.claim === '21/45678')).toBe(
      true,
    );
    const files = (receiver.received[0]!.body.Data as { Files: { FileId: string; Url: string }[] }).Files;
    expect(files[0]!.Url).toBe(`/provider/v1/files/${files[0]!.FileId}`);
    expect(await pending()).toBe(0);
    // Nothing is delivered twice.
    expect(await worker().drainOnce()).toBe(0);
  });

  it('signs each delivery as Standard Webhooks too: the standardwebhooks package verifies it, whsec_ and raw secrets alike', async () => {
    // The standard's receivers check the timestamp against their own clock (5 minutes).
    t.clock.set(Date.now());
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    await worker().drainOnce();
    receiver.received.length = 0;
    const whsec = `whsec_${Buffer.from('a key of thirty-two bytes, exact').toString('base64')}`;
    await enquiry('standard, whsec');
    expect(await worker(3, whsec).drainOnce()).toBe(1);
    await enquiry('standard, raw');
    expect(await worker(3, SECRET).drainOnce()).toBe(1);
    const [viaWhsec, viaRaw] = receiver.received as [Received, Received];

    const standard = new Webhook(whsec);
    expect(standard.verify(viaWhsec.raw, viaWhsec.headers)).toMatchObject({
      EventId: viaWhsec.id,
      Type: 'enquiry',
      Data: { Message: 'standard, whsec' },
    });
    expect(viaWhsec.headers['webhook-id']).toBe(viaWhsec.id);
    expect(viaWhsec.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(SECRET, { format: 'raw' }).verify(viaRaw.raw, viaRaw.headers)).toMatchObject({
      Data: { Message: 'standard, raw' },
    });
    // Today's X-Portal-Signature stays beside it.
    expect(viaRaw.validSignature).toBe(true);

    // What a receiver must refuse: a changed byte, another delivery's signature, the wrong key, an old timestamp.
    const tampered = viaWhsec.raw.replace('standard, whsec', 'standard, whsex');
    expect(() => standard.verify(tampered, viaWhsec.headers)).toThrow(WebhookVerificationError);
    expect(() =>
      standard.verify(viaWhsec.raw, { ...viaWhsec.headers, 'webhook-signature': viaRaw.headers['webhook-signature']! }),
    ).toThrow(WebhookVerificationError);
    expect(() => new Webhook(SECRET, { format: 'raw' }).verify(viaWhsec.raw, viaWhsec.headers)).toThrow(
      WebhookVerificationError,
    );
    const old = String(Number(viaWhsec.headers['webhook-timestamp']) - 301);
    expect(() => standard.verify(viaWhsec.raw, { ...viaWhsec.headers, 'webhook-timestamp': old })).toThrow(
      WebhookVerificationError,
    );
  });

  it("retries with back-off, parks the event as dead, holds the claim's later events, and delivers after a replay", async () => {
    receiver.fail(true);
    await enquiry('will fail');
    const w = worker(3);
    for (let i = 0; i < 3; i++) {
      await w.drainOnce();
      t.clock.advance(2 * 60 * 60_000);
    }
    const [dead] = await listOutbox(t.deps, 'dead');
    expect(dead).toMatchObject({ attempts: 3, last_error: 'HTTP 503' });
    const attempts = await t.deps.db
      .selectFrom('provider_delivery_attempts')
      .select(['outcome', 'http_status'])
      .where('outbox_id', '=', dead!.id)
      .execute();
    expect(attempts).toEqual(Array.from({ length: 3 }, () => ({ outcome: 'failed', http_status: 503 })));
    receiver.fail(false);
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    await enquiry('after the dead one');
    expect(await w.drainOnce()).toBe(0);
    expect(await replayOutboxEvent(t.deps, dead!.id)).toBe(true);
    expect(await w.drainOnce()).toBe(2);
    expect(receiver.received.map((r) => (r.body.Data as { Message: string }).Message)).toEqual([
      'will fail',
      'after the dead one',
    ]);
  });

  it('waits before retrying: nothing is sent again until the back-off has passed', async () => {
    receiver.fail(true);
    await enquiry('backing off');
    const w = worker(5);
    await w.drainOnce();
    receiver.fail(false);
    expect(await w.drainOnce()).toBe(0);
    t.clock.advance(31_000);
    expect(await w.drainOnce()).toBe(1);
  });

  it('loses nothing when the process stops between the submission and the delivery', async () => {
    await enquiry('queued before a restart');
    // No worker ran; a new process (a new worker over the same database) delivers it.
    expect(await pending()).toBe(1);
    expect(await worker().drainOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends a kind this build does not know (a newer process queued it) as it was stored', async () => {
    const claim = await t.deps.db
      .selectFrom('claims')
      .select('id')
      .where('number', '=', '21/45678')
      .executeTakeFirstOrThrow();
    const row = {
      id: 'e-new',
      claim_id: claim.id,
      kind: 'a-later-kind',
      payload: '{"Later":1}',
      created_at: 0,
      attempts: 0,
    };
    expect(await buildEvent(t.deps, row)).toMatchObject({ EventId: 'e-new', Type: 'a-later-kind', Data: { Later: 1 } });
  });

  it('two workers deliver each event once', async () => {
    for (let i = 0; i < 6; i++) await enquiry(`parallel ${i}`);
    const [a, b] = [worker(), worker()];
    await Promise.all([a.drainOnce(), b.drainOnce()]);
    const ids = receiver.received.map((r) => r.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(receiver.received.map((r) => (r.body.Data as { Message: string }).Message)).toEqual(
      Array.from({ length: 6 }, (_, i) => `parallel ${i}`),
    );
  });
});
