import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { Upload, type HttpResponse } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber, LIMITS } from '@portal/contracts';
import { RESUMABLE_LIFETIME_MS, removeExpiredResumable } from '../src/modules/uploads/resumable.ts';
import { CSRF, DIALECTS, createTestApp, signInWithClaim, type TestApp } from './helpers.ts';
import { cuttingRelay } from './cutting-relay.ts';
import { SAMPLES } from './samples.ts';

const TUS = '/api/uploads/tus';

describe.each(DIALECTS)('resumable uploads (tus) on %s', (dialect) => {
  let t: TestApp;
  let alex: string;
  let sam: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    cookie: `__Host-XSRF-TOKEN=${CSRF}`,
    'x-xsrf-token': CSRF,
  });
  const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({
    ...headers(token),
    'tus-resumable': '1.0.0',
    ...extra,
  });
  const meta = (filename: string) =>
    [
      `filename ${Buffer.from(filename).toString('base64')}`,
      `formType ${Buffer.from('documents').toString('base64')}`,
    ].join(',');
  const create = (token: string, length: number, filename = 'letter.txt') =>
    t.app.inject({
      method: 'POST',
      url: TUS,
      headers: tusHeaders(token, { 'upload-length': String(length), 'upload-metadata': meta(filename) }),
    });

  /** Sends with the unmodified tus-js-client; resolves with the stored file's id and what the client saw. */
  function send(endpoint: string, token: string, data: Buffer, filename: string, extra: { chunkSize?: number } = {}) {
    const offsetsResumed: number[] = [];
    return new Promise<{ fileId: string | null; offsetsResumed: number[]; url: string | null }>((resolve, reject) => {
      let fileId: string | null = null;
      const upload = new Upload(data, {
        endpoint,
        headers: headers(token),
        metadata: { filename, filetype: 'text/plain', formType: 'documents', description: 'GP letter' },
        retryDelays: [0, 10, 50, 100, 200],
        ...extra,
        onAfterResponse(req, res: HttpResponse) {
          if (req.getMethod() === 'HEAD') offsetsResumed.push(Number(res.getHeader('Upload-Offset')));
          fileId = res.getHeader('Portal-File-Id') ?? fileId;
        },
        onSuccess: () => resolve({ fileId, offsetsResumed, url: upload.url }),
        onError: reject,
      });
      upload.start();
    });
  }

  const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
  const storedSha256 = async (fileId: string | null) =>
    (
      await t.deps.db
        .selectFrom('files')
        .select('sha256')
        .where('id', '=', fileId ?? '')
        .executeTakeFirstOrThrow()
    ).sha256;

  const bigText = (bytes: number) =>
    Buffer.from('A line of a GP letter, typed.\n'.repeat(Math.ceil(bytes / 30)).slice(0, bytes));

  it('stores a file sent by tus-js-client as the multipart call does: same row, same bytes, same SHA-256', async () => {
    const data = SAMPLES['letter.pdf'] as Buffer;
    const { fileId } = await send(`${base}${TUS}`, alex, data, 'letter.pdf');
    expect(fileId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const content = await t.post('/api/documentupload/getfilecontent', { AccessToken: alex, Identifier: fileId });
    expect(content.json().Filename).toBe('letter.pdf');
    expect(Buffer.from(content.json().Data, 'base64').equals(data)).toBe(true);
    const row = await t.deps.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId as string)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe((await import('node:crypto')).createHash('sha256').update(data).digest('hex'));
    expect(await t.deps.db.selectFrom('resumable_uploads').selectAll().execute()).toEqual([]);
  });

  it('resumes from the stored offset after the connection is cut mid-way, sending little twice', async () => {
    const data = bigText(4 * 1024 * 1024);
    const relay = await cuttingRelay((t.app.server.address() as net.AddressInfo).port, 2 * 1024 * 1024);
    try {
      const { fileId, offsetsResumed } = await send(`${relay.url}${TUS}`, alex, data, 'notes.txt');
      expect(relay.wasCut()).toBe(true);
      expect(offsetsResumed.length).toBeGreaterThan(0);
      expect(offsetsResumed.at(-1)).toBeGreaterThan(1024 * 1024);
      // What crossed the relay beyond the file: headers and the bytes sent again after the cut.
      expect((relay.sent() - data.length) / data.length).toBeLessThan(0.15);
      const content = await t.post('/api/documentupload/getfilecontent', { AccessToken: alex, Identifier: fileId });
      expect(Buffer.from(content.json().Data, 'base64').equals(data)).toBe(true);
      // After a cut the hash so far is not trusted: the stored SHA-256 is worked out from the file.
      expect(await storedSha256(fileId)).toBe(sha256(data));
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('hashes the bytes as they arrive, carried across the PATCHes of one upload: the stored SHA-256 is the file’s', async () => {
    const data = bigText(300_000);
    const url = (await create(alex, data.length, 'notes.txt')).headers.location as string;
    let fileId: string | undefined;
    for (const [from, to] of [
      [0, 100_000],
      [100_000, 250_000],
      [250_000, data.length],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: tusHeaders(alex, { 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' }),
        payload: data.subarray(from, to),
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.headers['upload-offset']).toBe(String(to));
      fileId = (res.headers['portal-file-id'] as string | undefined) ?? fileId;
    }
    expect(await storedSha256(fileId ?? null)).toBe(sha256(data));
  });

  it('answers another claimant HEAD, PATCH and DELETE on an upload with 404, and leaves it whole', async () => {
    const created = await create(alex, 10);
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(new RegExp(`^${TUS}/`));
    const head = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(sam) });
    expect(head.statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: tusHeaders(sam, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      payload: Buffer.from('0123456789'),
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()[0].Number).toBe(ErrorNumber.NotFound);
    expect((await t.app.inject({ method: 'DELETE', url, headers: tusHeaders(sam) })).statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(alex) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['upload-offset']).toBe('0');
    expect(mine.headers['upload-length']).toBe('10');
  });

  it('refuses a PATCH at the wrong offset with 409, and one without the CSRF header', async () => {
    const url = (await create(alex, 20)).headers.location as string;
    const patch = (offset: string, body: string, h: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: tusHeaders(alex, { 'upload-offset': offset, 'content-type': 'application/offset+octet-stream', ...h }),
        payload: Buffer.from(body),
      });
    expect((await patch('0', 'first part')).headers['upload-offset']).toBe('10');
    const wrong = await patch('0', 'again from zero');
    expect(wrong.statusCode).toBe(409);
    const forged = await patch('10', 'x', { 'x-xsrf-token': 'not-the-cookie' });
    expect(forged.statusCode).not.toBe(204);
    expect((await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(alex) })).headers['upload-offset']).toBe(
      '10',
    );
  });

  it('refuses a PATCH whose body is not an offset stream with 415, keeping the offset', async () => {
    const url = (await create(alex, 20)).headers.location as string;
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: tusHeaders(alex, { 'upload-offset': '0', 'content-type': 'application/json' }),
      payload: '{"a":1}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual([
      { Number: ErrorNumber.Validation, Message: 'Content-Type must be application/offset+octet-stream' },
    ]);
    expect((await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(alex) })).headers['upload-offset']).toBe('0');
  });

  it('refuses an Upload-Length over 10 MB with 413 in our words, before storing anything', async () => {
    const res = await create(alex, LIMITS.uploadMaxBytes + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual([{ Number: ErrorNumber.DocumentTooLarge, Message: 'Document must be below 10MB' }]);
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses a renamed file when its last byte arrives (415), keeping nothing', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    await expect(send(`${base}${TUS}`, alex, exe, 'claim.pdf')).rejects.toThrow(/415/);
    const left = await t.deps.db
      .selectFrom('resumable_uploads')
      .selectAll()
      .where('filename', '=', 'claim.pdf')
      .execute();
    expect(left).toEqual([]);
  });

  it('stops an upload whose claimant signs out part-way: the next PATCH answers 401 and stores nothing', async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const url = (await create(token, 20)).headers.location as string;
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: tusHeaders(token, { 'upload-offset': '10', 'content-type': 'application/offset+octet-stream' }),
        payload: Buffer.from('0123456789'),
      });
    const first = await t.app.inject({
      method: 'PATCH',
      url,
      headers: tusHeaders(token, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      payload: Buffer.from('0123456789'),
    });
    expect(first.headers['upload-offset']).toBe('10');
    expect((await t.post('/api/account/logout', { AccessToken: token })).statusCode).toBe(200);
    expect((await patch()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(alex) })).headers['upload-offset']).toBe(
      '10',
    );
  });

  it('answers a signed-out token 401, and removes an unfinished upload after 24 hours', async () => {
    expect((await create('not-a-session', 10)).statusCode).toBe(401);
    const url = (await create(alex, 10)).headers.location as string;
    const partials = path.join(t.deps.config.dataDir, 'resumable');
    expect(fs.readdirSync(partials)).toContain(url.split('/').pop());
    t.clock.advance(RESUMABLE_LIFETIME_MS + 1);
    expect(await removeExpiredResumable(t.deps)).toBeGreaterThan(0);
    expect(fs.readdirSync(partials)).not.toContain(url.split('/').pop());
    expect(await t.deps.db.selectFrom('resumable_uploads').selectAll().execute()).toEqual([]);
  });
});
