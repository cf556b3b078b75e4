import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ErrorNumber } from '@portal/contracts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

describe.each(DIALECTS)('authority form on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
  });
  afterAll(() => t.close());

  const send = (fields: Record<string, string>, signature?: Buffer) => {
    const body = multipart({ accessToken: token, IdempotencyKey: `key-${Math.random()}`, ...fields }, signature ? { name: 'Signature.png', data: signature, field: 'Signature', type: 'image/png' } : undefined);
    return t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...body });
  };
  const storedPdf = async (sentItemId: string) => {
    const item = await t.deps.db.selectFrom('sent_items').select(['form_id', 'subject_main']).where('id', '=', sentItemId).executeTakeFirstOrThrow();
    expect(item.subject_main).toBe('Authority form');
    const file = await t.deps.db.selectFrom('files').select(['id', 'mime', 'submitted_at']).where('form_id', '=', item.form_id).executeTakeFirstOrThrow();
    expect(file.mime).toBe('application/pdf');
    expect(file.submitted_at).not.toBeNull();
    const content = (await t.post('/api/documentupload/getfilecontent', { AccessToken: token, Identifier: file.id })).json();
    return PDFDocument.load(Buffer.from(content.Data, 'base64'));
  };

  it('gives the details printed on the form', async () => {
    const res = await t.post('/api/account/getauthorityformdata', { AccessToken: token });
    expect(res.json()).toEqual({
      FirstName: 'Alex', Surname: 'Citizen', ClaimNumber: '21/45678',
      Address: { AddressLine1: '12 Collins Street', AddressLine2: 'MELBOURNE VIC 3000', AddressLine3: '' },
      DateOfBirth: '1985-06-14', DateOfAccident: '2021-03-09', Initials: 'AJC',
    });
  });

  it('keeps a signed PDF record of a drawn signature, listed in sent items and queued', async () => {
    const res = await send({ SignatureMethod: 'drawn' }, SAMPLES['scan.png']);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await storedPdf(res.json().SentItemId);
    expect(pdf.getTitle()).toBe('Authority to release information — claim 21/45678');
    expect(pdf.getPageCount()).toBe(1);
    const queued = await t.deps.db.selectFrom('provider_outbox').select(['payload']).where('kind', '=', 'authority-form').execute();
    expect(queued.some((q) => JSON.parse(q.payload).SentItemId === res.json().SentItemId)).toBe(true);
  });

  it('accepts a typed name with the declaration for those who cannot draw', async () => {
    expect(errorNumbers(await send({ SignatureMethod: 'typed', TypedName: 'Alex James Citizen' }))).toEqual([100]);
    const res = await send({ SignatureMethod: 'typed', TypedName: 'Alex James Citizen', Declaration: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    await storedPdf(res.json().SentItemId);
  });

  it('refuses a missing or fake signature and an unsigned-in request', async () => {
    expect((await send({ SignatureMethod: 'drawn' })).json()[0]).toMatchObject({ Message: 'Please sign in the box', Field: 'Signature' });
    expect(errorNumbers(await send({ SignatureMethod: 'drawn' }, Buffer.from('<svg onload=alert(1)>')))).toEqual([100]);
    const anonymous = multipart({ SignatureMethod: 'typed', TypedName: 'X', Declaration: 'true', IdempotencyKey: 'abcdefgh' });
    expect(errorNumbers(await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...anonymous }))).toEqual([ErrorNumber.TokenMissing]);
  });

  it('sends once per idempotency key', async () => {
    const fields = { SignatureMethod: 'typed', TypedName: 'Alex Citizen', Declaration: 'true', IdempotencyKey: 'authority-once-1' };
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...multipart({ accessToken: token, ...fields }) })));
    expect(new Set(answers.map((r) => r.json().SentItemId)).size).toBe(1);
  });
});
