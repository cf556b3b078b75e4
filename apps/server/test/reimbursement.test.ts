/** The reimbursement claim: from its draft, once, with its files; payee rules; sealed account numbers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber, MESSAGES } from '@portal/contracts';
import { buildEvent } from '../src/modules/provider/delivery.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { HOME, PHARMACY, SOMEONE } from './reimbursement-samples.ts';
import { SAMPLES } from './samples.ts';

describe.each(DIALECTS)('reimbursement claims on %s', (dialect) => {
  let t: TestApp;
  let sam: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
  });
  afterAll(() => t.close());

  const upload = async (token: string) => {
    const body = multipart(
      { accessToken: token, FormType: 'reimbursement' },
      { name: 'receipt.pdf', data: SAMPLES['letter.pdf'] as Buffer },
    );
    return {
      Filename: 'receipt.pdf',
      FileID: (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body })).json()
        .FileId as string,
    };
  };
  /** A draft with one uploaded file, as the web app saves it. */
  const draft = async (token: string) => {
    const file = await upload(token);
    const { FormId } = (
      await t.post('/api/documentupload/updateform/reimbursement', {
        AccessToken: token,
        Draft: { Step: 'review', Documents: [file] },
      })
    ).json();
    return { FormId: FormId as string, file };
  };
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post('/api/documentupload/submitreceipts', {
      AccessToken: token,
      IdempotencyKey: `key-${Math.random()}`,
      PayOther: 0,
      Receipts: [PHARMACY],
      Agreed: true,
      ...body,
    });

  it('sends a claim paid to me: a sent item in words with the total, structured data for the provider', async () => {
    const { FormId, file } = await draft(sam);
    const res = await submit(sam, {
      FormId,
      Receipts: [{ ...PHARMACY, Cost: '12.50' }, HOME],
      Documents: [file],
      IdempotencyKey: 'reimburse-once-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await submit(sam, {
      FormId,
      Receipts: [{ ...PHARMACY, Cost: '12.50' }, HOME],
      Documents: [file],
      IdempotencyKey: 'reimburse-once-1',
    });
    expect(again.json()).toEqual(res.json());
    const items = (await t.post('/api/documentupload/getsentitems', { AccessToken: sam, Offset: 0, Amount: 10 })).json()
      .SentItems;
    const item = items.find((s: { Id: string }) => s.Id === res.json().SentItemId);
    expect(item).toMatchObject({
      SubjectMain: 'Reimbursement',
      SubjectOther: '2 receipts, total $102.50',
      Files: [{ Filename: 'receipt.pdf' }],
    });
    expect(item.Message).toContain('Receipt type: Pharmacy\nDate of purchase: 20/11/2026');
    expect(item.PayTo).toBe('You: Sam Single, BSB 033-001, account ending 5432');
    const queued = await t.deps.db
      .selectFrom('provider_outbox')
      .select('payload')
      .where('kind', '=', 'reimbursement')
      .execute();
    const payload = JSON.parse(queued.at(-1)!.payload);
    expect(payload).toMatchObject({
      Total: '$102.50',
      TotalCents: 10250,
      Payee: { Kind: 'claimant', BankBSB: '033-001', BankAccNoLast4: '5432' },
    });
    expect(payload.Receipts.map((r: { Amount: string }) => r.Amount)).toEqual(['$12.50', '$90.00']);
    expect(errorNumbers(await submit(sam, { FormId, Documents: [file] }))).toEqual([ErrorNumber.FormAlreadySubmitted]);
  });

  it("seals someone else's account number at rest and returns only its last 4; the provider receives it whole", async () => {
    const { FormId, file } = await draft(sam);
    const res = await submit(sam, { FormId, PayOther: 1, Payee: SOMEONE, Documents: [file] });
    expect(res.statusCode, res.body).toBe(200);
    const items = (await t.post('/api/documentupload/getsentitems', { AccessToken: sam, Offset: 0, Amount: 10 })).json()
      .SentItems;
    const payTo = items.find((s: { Id: string }) => s.Id === res.json().SentItemId).PayTo as string;
    expect(payTo).toContain('account ending 4321');
    expect(JSON.stringify(items)).not.toContain('987654321');
    const form = await t.deps.db.selectFrom('forms').select('data').where('id', '=', FormId).executeTakeFirstOrThrow();
    const row = await t.deps.db
      .selectFrom('provider_outbox')
      .selectAll()
      .where('kind', '=', 'reimbursement')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(form.data).not.toContain('987654321');
    expect(row.payload).not.toContain('987654321');
    const event = await buildEvent(t.deps, row);
    expect(event.Data).toMatchObject({
      Payee: {
        Kind: 'someone-else',
        BankName: 'Commonwealth Bank of Australia',
        BankBSB: '063-000',
        BankAccNo: '987654321',
      },
    });
  });

  it("never stores someone else's account number in a draft", async () => {
    await t.post('/api/documentupload/updateform/reimbursement', {
      AccessToken: sam,
      Draft: { PayOther: 1, Payee: { PaymentName: 'Lee', BankAccNo: '987654321' }, Documents: [] },
    });
    const saved = (await t.post('/api/documentupload/getdraft/reimbursement', { AccessToken: sam })).json();
    expect(saved.Draft.Payee).toEqual({ PaymentName: 'Lee' });
    await t.post('/api/documentupload/discarddraft/reimbursement', { AccessToken: sam });
  });

  it('refuses a payee BSB that does not resolve to a bank', async () => {
    const { FormId, file } = await draft(sam);
    const res = await submit(sam, { FormId, PayOther: 1, Payee: { ...SOMEONE, BankBSB: '999999' }, Documents: [file] });
    expect(res.json()).toEqual([
      {
        Number: ErrorNumber.Validation,
        Message: 'We cannot find a bank with BSB 999-999. Check the BSB and try again.',
        Field: 'Payee.BankBSB',
      },
    ]);
  });

  it('needs bank details to pay me, and on a trustee claim says whom to pay instead; paying my provider needs none', async () => {
    const pat = await signInWithClaim(t, 'pat.trustee@example.com', '20/22222');
    const { FormId, file } = await draft(pat);
    // The spec's text sends the claimant to My Details, where a trustee claim cannot add bank details (decision 027).
    expect((await submit(pat, { FormId, Documents: [file] })).json()).toEqual([
      { Number: ErrorNumber.Validation, Message: MESSAGES.bankDetailsNotFoundStateTrustee, Field: 'PayOther' },
    ]);
    const trustee = (value: number) =>
      t.deps.db.updateTable('claims').set({ is_state_trustee: value }).where('number', '=', '20/22222').execute();
    await trustee(0);
    try {
      expect((await submit(pat, { FormId, Documents: [file] })).json()).toEqual([
        { Number: ErrorNumber.Validation, Message: MESSAGES.bankDetailsNotFound, Field: 'PayOther' },
      ]);
    } finally {
      await trustee(1);
    }
    expect((await submit(pat, { FormId, PayOther: 2, Documents: [file] })).statusCode).toBe(200);
  });

  it.each([
    ['no agreement', { Agreed: false }, MESSAGES.disclaimerRequired],
    ['no documents', { Documents: [] }, MESSAGES.noDocumentsUploaded],
    ['no choice of payee', { PayOther: 3 }, MESSAGES.payeeRequired],
    ['a bad amount', { Receipts: [{ ...PHARMACY, Cost: '12.5' }] }, MESSAGES.amountInvalid],
  ])('refuses %s with its message', async (_label, change, message) => {
    const { FormId, file } = await draft(sam);
    const res = await submit(sam, { FormId, Documents: [file], ...change });
    expect(res.statusCode).toBe(225);
    expect(res.json().map((e: { Message: string }) => e.Message)).toContain(message);
  });

  it("answers another claimant's form or file as not found", async () => {
    const { FormId, file } = await draft(sam);
    const alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    expect(errorNumbers(await submit(alex, { FormId, Documents: [file] }))).toEqual([ErrorNumber.NotFound]);
    const own = await draft(alex);
    expect(errorNumbers(await submit(alex, { FormId: own.FormId, Documents: [file] }))).toEqual([ErrorNumber.NotFound]);
  });

  it('answers the generic submit/{type} the same way, checking the body against that form', async () => {
    const { FormId, file } = await draft(sam);
    const body = {
      AccessToken: sam,
      IdempotencyKey: 'generic-submit-1',
      PayOther: 0,
      Receipts: [PHARMACY],
      Agreed: true,
      Documents: [file],
      FormId,
    };
    const bad = await t.post('/api/documentupload/submit/reimbursement', { ...body, Agreed: false });
    expect(bad.json().map((e: { Message: string }) => e.Message)).toEqual([MESSAGES.disclaimerRequired]);
    const ok = await t.post('/api/documentupload/submit/reimbursement', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.post('/api/documentupload/submitreceipts', body)).json()).toEqual(ok.json());
    expect((await t.post('/api/documentupload/submit/contact', body)).statusCode).toBe(225);
  });
});
