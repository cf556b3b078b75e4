/**
 * Payments and decisions: the provider API's writes (scopes, idempotency, problems that store
 * nothing), the claimant's reads (order, financial years, exact totals, progress of a sent item,
 * the home summary, isolation from other claimants), the statement (CSV escaping, a tagged PDF)
 * and the news notices through the real outbox and a real SMTP server.
 */
import type { LightMyRequestResponse } from 'fastify';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber, type ProviderScope } from '@portal/contracts';
import { STATEMENT_LIMIT } from '../src/modules/payments/routes.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import { csvCell } from '../src/modules/payments/statement-data.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { nextMatching, useDelivery } from './mail-sink.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

const PHARMACY = {
  Kind: 'Pharmacy',
  Date: '20/11/2026',
  Description: 'Pain relief',
  Pharmacy: 'Main St Chemist',
  Cost: '12.50',
};
const HOME = {
  Kind: 'Home services',
  Date: '10/11/2026',
  Duration: '3',
  Provider: 'Jo Cleaner',
  ServiceType: 'Cleaning',
  Amount: '90',
  Notes: '',
};
const SCOPES: ProviderScope[] = ['payments:write', 'decisions:write'];
const SAM_CLAIM = '22/11111';

describe.each(DIALECTS)('payments and decisions on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  let key: string;
  let sam: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, mail.env());
    key = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: SCOPES })).key;
    sam = await signInWithClaim(t, 'sam.single@example.com', SAM_CLAIM);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PUT',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${key}`, ...headers },
    });
  const payment = (extra: Record<string, unknown> = {}) => ({
    ClaimNumber: SAM_CLAIM,
    Reference: 'PAY-1',
    Kind: 'income-support',
    AmountCents: 123_45,
    PaymentDate: '2026-11-19',
    Status: 'paid',
    PaidTo: { Kind: 'account', AccountLast3: '432' },
    PeriodFrom: '2026-11-05',
    PeriodTo: '2026-11-18',
    ...extra,
  });
  const put = (body: unknown, headers?: Record<string, string>) => call('PUT', '/provider/v1/payments', body, headers);
  const count = async (table: 'payments' | 'decisions' | 'files') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A reimbursement the claimant sends (two receipts: $12.50 and $90.00); its SentItemId. */
  async function sendReimbursement(token: string, extra: Record<string, unknown> = {}): Promise<string> {
    const upload = multipart(
      { accessToken: token, FormType: 'reimbursement' },
      { name: 'receipt.pdf', data: SAMPLES['letter.pdf'] as Buffer },
    );
    const FileID = (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...upload })).json()
      .FileId as string;
    const file = { Filename: 'receipt.pdf', FileID };
    const { FormId } = (
      await t.post('/api/documentupload/updateform/reimbursement', {
        AccessToken: token,
        Draft: { Step: 'review', Documents: [file] },
      })
    ).json();
    const res = await t.post('/api/documentupload/submitreceipts', {
      AccessToken: token,
      IdempotencyKey: `key-${Math.random()}`,
      FormId,
      PayOther: 0,
      Receipts: [PHARMACY, HOME],
      Agreed: true,
      Documents: [file],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().SentItemId as string;
  }

  const claimant = (path: string, token: string, body: Record<string, unknown> = {}) =>
    t.post(`/api/payments/${path}`, { AccessToken: token, ...body });

  describe('provider writes', () => {
    it('needs payments:write and decisions:write', async () => {
      const other = await createApiKey(t.deps.db, t.clock.now(), { name: 'messages only', scopes: ['messages:write'] });
      const auth = { authorization: `Bearer ${other.key}` };
      const refused = [
        await put(payment(), auth),
        await call('GET', `/provider/v1/payments?claim=${SAM_CLAIM}`, undefined, auth),
        await call(
          'PUT',
          '/provider/v1/sent-items/x/decision',
          { ClaimNumber: SAM_CLAIM, Outcome: 'received', Date: '2026-11-20' },
          auth,
        ),
      ];
      expect(refused.map((r) => [r.statusCode, r.json().detail])).toEqual([
        [403, 'This key lacks the payments:write scope'],
        [403, 'This key lacks the payments:write scope'],
        [403, 'This key lacks the decisions:write scope'],
      ]);
    });

    it('upserts a payment by its reference: sending it again changes nothing, a change updates the same payment', async () => {
      const first = await put(payment({ Reference: 'UPSERT-1' }));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        Reference: 'UPSERT-1',
        AmountCents: 12345,
        GstCents: 0,
        Taxable: true,
        PaidTo: { Kind: 'account', AccountLast3: '432' },
        Settles: [],
      });
      const again = await put(payment({ Reference: 'UPSERT-1' }));
      expect(again.json()).toEqual(first.json());
      const changed = await put(payment({ Reference: 'UPSERT-1', AmountCents: 200_00, Status: 'returned' }));
      expect(changed.json()).toMatchObject({
        PaymentId: first.json().PaymentId,
        AmountCents: 20000,
        Status: 'returned',
      });
      const rows = await t.deps.db.selectFrom('payments').select('id').where('reference', '=', 'UPSERT-1').execute();
      expect(rows).toHaveLength(1);
    });

    it('replays an Idempotency-Key with the stored answer', async () => {
      const headers = { 'idempotency-key': 'payment-idem-0001' };
      const a = await put(payment({ Reference: 'IDEM-1' }), headers);
      const b = await put(payment({ Reference: 'IDEM-1' }), headers);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.json()).toEqual(a.json());
      expect((await put(payment({ Reference: 'IDEM-1', AmountCents: 1 }), headers)).statusCode).toBe(422);
    });

    it('refuses an unknown claim, a negative amount, a date over 2 years ahead, GST over the amount and an unknown submission, storing nothing', async () => {
      const alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const alexItem = await sendReimbursement(alex);
      const before = await count('payments');
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ClaimNumber: '99/99999' }, 404, ''],
        [{ AmountCents: -1 }, 400, 'AmountCents'],
        [{ PaymentDate: '2028-11-22' }, 422, 'PaymentDate'],
        [{ PaymentDate: '2026-02-30' }, 422, 'PaymentDate'],
        // Before the 2000–01 financial year, which the claimant's year filter cannot name.
        [{ PaymentDate: '2000-06-30' }, 422, 'PaymentDate'],
        [{ PeriodFrom: '1900-01-01' }, 422, 'PeriodFrom'],
        [{ GstCents: 12346 }, 422, 'GstCents'],
        [{ Settles: ['no-such-item'] }, 422, 'Settles.0'],
        // Alex's submission is not one of Sam's claim.
        [{ Settles: [alexItem] }, 422, 'Settles.0'],
        [{ PeriodTo: undefined }, 422, 'PeriodTo'],
        [{ PaidTo: { Kind: 'account', AccountLast3: '12' } }, 400, 'PaidTo.AccountLast3'],
      ];
      for (const [change, status, path] of cases) {
        const res = await put(payment({ Reference: 'REFUSED-1', ...change }));
        expect(res.statusCode, JSON.stringify(change)).toBe(status);
        expect(res.headers['content-type']).toContain('application/problem+json');
        if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      }
      // Two years ahead exactly is allowed (today is 2026-11-21 in Melbourne).
      expect(
        (await put(payment({ Reference: 'FAR-1', PaymentDate: '2028-11-21', Status: 'scheduled' }))).statusCode,
      ).toBe(200);
      expect(await count('payments')).toBe(before + 1);
    });

    it("lists a claim's payments oldest first, paged by cursor", async () => {
      for (const [i, date] of ['2026-01-05', '2026-01-06', '2026-01-07'].entries())
        await put(payment({ ClaimNumber: '19/12345', Reference: `LIST-${i}`, PaymentDate: date }));
      const first = (await call('GET', '/provider/v1/payments?claim=19/12345&to=2026-06-30&limit=2')).json();
      expect(first.Items.map((p: { Reference: string }) => p.Reference)).toEqual(['LIST-0', 'LIST-1']);
      const next = (
        await call(
          'GET',
          `/provider/v1/payments?claim=19/12345&to=2026-06-30&limit=2&cursor=${encodeURIComponent(first.NextCursor)}`,
        )
      ).json();
      expect(next.Items.map((p: { Reference: string }) => p.Reference)).toEqual(['LIST-2']);
      expect(next.NextCursor).toBeNull();
      expect((await call('GET', '/provider/v1/payments?claim=19/12345&cursor=bogus')).statusCode).toBe(400);
      expect((await call('GET', '/provider/v1/payments?claim=98/76543')).statusCode).toBe(404);
    });
  });

  describe('decisions', () => {
    it('records a partly approved reimbursement with its lines and letter; the claimant sees the progress and downloads the letter', async () => {
      const item = await sendReimbursement(sam);
      const d = (body: Record<string, unknown>) =>
        call('PUT', `/provider/v1/sent-items/${item}/decision`, { ClaimNumber: SAM_CLAIM, ...body });
      expect((await d({ Outcome: 'received', Date: '2026-11-20' })).json()).toMatchObject({
        Outcome: 'received',
        Notified: false,
      });
      await d({ Outcome: 'in-assessment', Date: '2026-11-20' });
      const decided = await d({
        Outcome: 'partly-approved',
        Date: '2026-11-21',
        Reason: 'Cleaning is paid up to 2 hours a week.',
        Lines: [
          { Line: 1, ApprovedCents: 1250 },
          { Line: 2, ApprovedCents: 6000, Reason: 'Two of the three hours' },
        ],
        Letter: { Filename: 'decision.pdf', ContentBase64: (SAMPLES['letter.pdf'] as Buffer).toString('base64') },
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json()).toMatchObject({ Outcome: 'partly-approved', Notified: true });
      const letter = decided.json().LetterFileId as string;
      await put(
        payment({
          Reference: 'REIMB-1',
          Kind: 'reimbursement',
          AmountCents: 7250,
          Settles: [item],
          PaymentDate: '2026-11-21',
          PeriodFrom: undefined,
          PeriodTo: undefined,
        }),
      );

      const progress = await claimant('getsentitemprogress', sam, { SentItemId: item });
      expect(progress.statusCode, progress.body).toBe(200);
      expect(progress.json()).toMatchObject({
        Type: 'Reimbursement',
        Steps: [
          { Step: 'Sent', Date: '2026-11-21', Done: true },
          { Step: 'Received', Date: '2026-11-20', Done: true },
          { Step: 'In assessment', Date: '2026-11-20', Done: true },
          { Step: 'Decision', Date: '2026-11-21', Done: true },
          { Step: 'Paid', Date: '2026-11-21', Done: true },
        ],
        Decision: {
          Outcome: 'partly-approved',
          Reason: 'Cleaning is paid up to 2 hours a week.',
          Lines: [
            { Line: 1, ClaimedCents: 1250, ApprovedCents: 1250, Reason: '' },
            { Line: 2, ClaimedCents: 9000, ApprovedCents: 6000, Reason: 'Two of the three hours' },
          ],
          Letter: { FileId: letter, Filename: 'decision.pdf' },
        },
        Payments: [{ AmountCents: 7250, Status: 'paid' }],
      });
      const download = await t.post('/api/documentupload/downloadfile', { AccessToken: sam, Identifier: letter });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      const sent = (
        await t.post('/api/documentupload/getsentitems', { AccessToken: sam, Offset: 0, Amount: 10 })
      ).json();
      expect(sent.SentItems.find((s: { Id: string }) => s.Id === item).Status).toBe('Completed');

      // The claim home: the decision of the last 30 days.
      const summary = (await claimant('getsummary', sam)).json();
      expect(summary.RecentDecisions).toContainEqual({
        SentItemId: item,
        Subject: expect.any(String),
        Outcome: 'partly-approved',
        Date: '2026-11-21',
      });
    });

    it("refuses what does not fit, storing nothing: another claim's submission, a line beyond the receipts, missing words, a letter that is not a PDF", async () => {
      const item = await sendReimbursement(sam);
      const alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const alexItem = await sendReimbursement(alex);
      const before = [await count('decisions'), await count('files')];
      const d = (id: string, body: Record<string, unknown>) =>
        call('PUT', `/provider/v1/sent-items/${id}/decision`, { ClaimNumber: SAM_CLAIM, Date: '2026-11-21', ...body });
      const cases: [string, Record<string, unknown>, number, string][] = [
        [alexItem, { Outcome: 'approved' }, 404, ''],
        [item, { Outcome: 'approved', ClaimNumber: '99/99999' }, 404, ''],
        [
          item,
          { Outcome: 'partly-approved', Reason: 'x', Lines: [{ Line: 3, ApprovedCents: 1 }] },
          422,
          'Lines.0.Line',
        ],
        [
          item,
          { Outcome: 'partly-approved', Reason: 'x', Lines: [{ Line: 1, ApprovedCents: 1251 }] },
          422,
          'Lines.0.ApprovedCents',
        ],
        [item, { Outcome: 'more-information-needed', Needed: 'An invoice' }, 422, 'NeededBy'],
        [item, { Outcome: 'declined', Reason: 'Not related to the accident' }, 422, 'Review'],
        [item, { Outcome: 'approved', Date: '2026-11-22' }, 422, 'Date'],
        [
          item,
          {
            Outcome: 'approved',
            Letter: { Filename: 'letter.pdf', ContentBase64: Buffer.from('not a pdf').toString('base64') },
          },
          422,
          'Letter',
        ],
        [
          item,
          { Outcome: 'approved', Letter: { Filename: 'letter.docx', ContentBase64: 'AAAA' } },
          400,
          'Letter.Filename',
        ],
      ];
      for (const [id, body, status, path] of cases) {
        const res = await d(id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      }
      expect([await count('decisions'), await count('files')]).toEqual(before);
    });

    it('shows more information needed with what and by when; the claimant is not told of a step', async () => {
      const item = await sendReimbursement(sam);
      const res = await call('PUT', `/provider/v1/sent-items/${item}/decision`, {
        ClaimNumber: SAM_CLAIM,
        Outcome: 'more-information-needed',
        Date: '2026-11-21',
        Needed: 'An itemised invoice from the cleaner',
        NeededBy: '2026-12-05',
      });
      expect(res.statusCode, res.body).toBe(200);
      const progress = (await claimant('getsentitemprogress', sam, { SentItemId: item })).json();
      expect(progress.Decision).toMatchObject({
        Outcome: 'more-information-needed',
        Needed: 'An itemised invoice from the cleaner',
        NeededBy: '2026-12-05',
        Lines: [],
        Letter: null,
      });
      expect(progress.Steps.map((s: { Done: boolean }) => s.Done)).toEqual([true, true, true, false, false]);

      // The claimant answers it: the new submission names what it responds to, for the claims system.
      const answer = await sendReimbursement(sam, { RespondsTo: item });
      const event = await t.deps.db
        .selectFrom('provider_outbox')
        .select('payload')
        .where('payload', 'like', `%${answer}%`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(event.payload)).toMatchObject({ SentItemId: answer, RespondsTo: item });
      // Another claimant's submission cannot be answered: not found, and nothing is sent.
      const alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const upload = multipart(
        { accessToken: alex, FormType: 'reimbursement' },
        { name: 'receipt.pdf', data: SAMPLES['letter.pdf'] as Buffer },
      );
      const FileID = (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...upload })).json()
        .FileId as string;
      const file = { Filename: 'receipt.pdf', FileID };
      const { FormId } = (
        await t.post('/api/documentupload/updateform/reimbursement', {
          AccessToken: alex,
          Draft: { Step: 'review', Documents: [file] },
        })
      ).json();
      const refused = await t.post('/api/documentupload/submitreceipts', {
        AccessToken: alex,
        IdempotencyKey: 'responds-to-other-1',
        FormId,
        PayOther: 0,
        Receipts: [PHARMACY],
        Agreed: true,
        Documents: [file],
        RespondsTo: item,
      });
      expect(errorNumbers(refused)).toEqual([ErrorNumber.NotFound]);
    });
  });

  describe('claimant reads', () => {
    let reader: string;
    let emptySummary: unknown;
    beforeAll(async () => {
      // Alex's third claim (no demo payments): upcoming and past payments over two financial years.
      reader = await signInWithClaim(t, 'alex.citizen@example.com', '23/98765');
      emptySummary = (await claimant('getsummary', reader)).json();
      const rows: [string, string, number, string, boolean?][] = [
        ['P-2025-1', '2025-08-01', 100_00, 'paid'],
        ['P-2025-2', '2026-06-30', 50_05, 'paid', false],
        ['P-2026-1', '2026-07-01', 200_10, 'paid'],
        ['P-2026-2', '2026-10-01', 999_99, 'cancelled'],
        ['P-2026-3', '2026-11-01', 300_33, 'paid', false],
        ['P-2026-4', '2026-11-28', 400_00, 'scheduled'],
        ['P-2026-5', '2026-12-05', 400_00, 'scheduled'],
      ];
      for (const [ref, date, cents, status, taxable] of rows)
        expect(
          (
            await put(
              payment({
                ClaimNumber: '23/98765',
                Reference: ref,
                PaymentDate: date,
                AmountCents: cents,
                Status: status,
                GstCents: ref === 'P-2026-3' ? 27_30 : 0,
                ...(taxable === undefined ? {} : { Taxable: taxable }),
                PaidTo:
                  ref === 'P-2026-3'
                    ? { Kind: 'provider', Name: '=HYPERLINK("http://x")' }
                    : { Kind: 'account', AccountLast3: '001' },
                ...(ref === 'P-2026-3'
                  ? {
                      Kind: 'paid-to-provider',
                      Description: '+Physio sessions',
                      PeriodFrom: undefined,
                      PeriodTo: undefined,
                    }
                  : {}),
              }),
            )
          ).statusCode,
        ).toBe(200);
    });

    it('pages upcoming payments first (soonest first), then history newest first', async () => {
      const page = async (Offset: number, Amount: number, FinancialYear?: number) =>
        (await claimant('getpayments', reader, { Offset, Amount, ...(FinancialYear ? { FinancialYear } : {}) })).json();
      const all = await page(0, 50);
      const refs = async (items: { PaymentId: string }[]) => {
        const byId = new Map(
          (await t.deps.db.selectFrom('payments').select(['id', 'reference']).execute()).map((r) => [
            r.id,
            r.reference,
          ]),
        );
        return items.map((i) => byId.get(i.PaymentId));
      };
      const order = ['P-2026-4', 'P-2026-5', 'P-2026-3', 'P-2026-2', 'P-2026-1', 'P-2025-2', 'P-2025-1'];
      expect(await refs(all.Items)).toEqual(order);
      expect(all.Upcoming).toBe(2);
      expect(all.YearTotals).toBeNull();
      expect(all.FinancialYears).toEqual([2026, 2025]);
      // A page across the boundary of the two runs.
      const mid = await page(1, 2);
      expect(await refs(mid.Items)).toEqual(['P-2026-5', 'P-2026-3']);
      expect([mid.Start, mid.End, mid.Total]).toEqual([1, 3, all.Total]);
      const provider = all.Items.find((i: { Kind: string }) => i.Kind === 'paid-to-provider');
      expect(provider).toMatchObject({
        PaidTo: { AccountLast3: null, Name: '=HYPERLINK("http://x")' },
        GstCents: 2730,
      });
    });

    it('filters a financial year (1 July – 30 June) with exact totals of what was paid', async () => {
      const fy2025 = (await claimant('getpayments', reader, { Offset: 0, Amount: 50, FinancialYear: 2025 })).json();
      expect(fy2025.YearTotals).toEqual({ FinancialYear: 2025, TotalCents: 150_05, TaxableCents: 100_00, GstCents: 0 });
      const fy2026 = (await claimant('getpayments', reader, { Offset: 0, Amount: 50, FinancialYear: 2026 })).json();
      // Paid only: the cancelled and the scheduled payments do not count.
      expect(fy2026.YearTotals).toEqual({
        FinancialYear: 2026,
        TotalCents: 500_43,
        TaxableCents: 200_10,
        GstCents: 27_30,
      });
      expect(fy2026.Total).toBe(5);
    });

    it('gives the next scheduled payment on the claim home', async () => {
      const summary = (await claimant('getsummary', reader)).json();
      expect(summary.NextPayment).toMatchObject({ Date: '2026-11-28', AmountCents: 400_00, Kind: 'income-support' });
      expect(summary.RecentDecisions).toEqual([]);
      // Before its payments, the claim's home had nothing to show.
      expect(emptySummary).toEqual({ NextPayment: null, RecentDecisions: [] });
    });

    it("answers another claimant's sent item as not found and never shows another claim's payments", async () => {
      const item = await sendReimbursement(sam);
      expect(errorNumbers(await claimant('getsentitemprogress', reader, { SentItemId: item }))).toEqual([
        ErrorNumber.NotFound,
      ]);
      // The same claimant on another claim: not found either.
      const alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const alexItem = await sendReimbursement(alex);
      const alexOther = await signInWithClaim(t, 'alex.citizen@example.com', '19/12345');
      expect(errorNumbers(await claimant('getsentitemprogress', alexOther, { SentItemId: alexItem }))).toEqual([
        ErrorNumber.NotFound,
      ]);
      const samPage = (await claimant('getpayments', sam, { Offset: 0, Amount: 50 })).json();
      const readerIds = new Set(
        (await claimant('getpayments', reader, { Offset: 0, Amount: 50 }))
          .json()
          .Items.map((i: { PaymentId: string }) => i.PaymentId),
      );
      expect(samPage.Items.some((i: { PaymentId: string }) => readerIds.has(i.PaymentId))).toBe(false);
      // Without a selected claim: the claim calls refuse.
      const bare = await t.signIn('sam.single@example.com');
      expect(errorNumbers(await claimant('getpayments', bare, { Offset: 0, Amount: 5 }))).toEqual([
        ErrorNumber.NoClaimSelected,
      ]);
    });

    it('refuses a bad request with the catalogue, never a 500', async () => {
      for (const body of [
        { Offset: -1, Amount: 5 },
        { Offset: 0, Amount: 51 },
        { Offset: 0, Amount: 5, FinancialYear: 'x' },
      ])
        expect(errorNumbers(await claimant('getpayments', reader, body))).toContain(ErrorNumber.Validation);
      expect(errorNumbers(await claimant('getstatement', reader, { FinancialYear: 2026, Format: 'xls' }))).toContain(
        ErrorNumber.Validation,
      );
    });
  });

  describe('statement', () => {
    let reader: string;
    beforeAll(async () => {
      reader = await signInWithClaim(t, 'alex.citizen@example.com', '23/98765');
    });

    it('is a CSV with formula-like cells escaped and the totals exact', async () => {
      const res = await claimant('getstatement', reader, { FinancialYear: 2026, Format: 'csv' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('payments-23-98765-2026-27.csv');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const text = res.body.replace(/^\ufeff/, '');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(
        '"Date","What it was for","Kind","Status","Amount (AUD)","GST included (AUD)","Taxable","Paid to","Period from","Period to"',
      );
      const provider = lines.find((l) => l.includes('Physio'));
      expect(provider).toBe(
        `"2026-11-01","'+Physio sessions","Paid to a provider for you","Paid","300.33","27.30","No","'=HYPERLINK(""http://x"")",,`,
      );
      expect(lines).toContain('"Total paid",,,,"500.43","27.30",,,,');
      expect(lines).toContain('"Taxable total",,,,"200.10",,,,,');
      // No cell of the file starts a formula.
      for (const line of lines) for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/);
    });

    it('escapes each formula lead and quotes what needs quoting', () => {
      const cells = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\uFF1D1+1', 'plain', 'a,b', 'say "hi"', 'a;=1+1', ''];
      expect(cells.map(csvCell)).toEqual([
        `"'=1+1"`,
        `"'+1"`,
        `"'-1"`,
        `"'@SUM(A1)"`,
        `"'\tx"`,
        `"'\uFF1D1+1"`,
        '"plain"',
        '"a,b"',
        '"say ""hi"""',
        // Quoted, so a spreadsheet splitting at ';' cannot make '=1+1' a cell of its own.
        '"a;=1+1"',
        '',
      ]);
    });

    it('is a tagged PDF: language, title, headings and a table with header cells', async () => {
      const res = await claimant('getstatement', reader, { FinancialYear: 2026, Format: 'pdf' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getTitle()).toBe('Payments statement 2026–27 — claim 23/98765');
      const catalog = pdf.catalog;
      expect(String(catalog.get(PDFName.of('Lang')))).toContain('en-AU');
      expect((catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked')) ?? '').toString()).toBe('true');
      const types: string[] = [];
      const walk = (dict: PDFDict) => {
        const s = dict.get(PDFName.of('S'));
        if (s) types.push(s.toString());
        const kids = dict.lookup(PDFName.of('K'));
        if (kids instanceof PDFArray)
          for (let i = 0; i < kids.size(); i++) {
            const k = kids.lookup(i);
            if (k instanceof PDFDict && k.get(PDFName.of('Type'))?.toString() !== '/MCR') walk(k);
          }
        else if (kids instanceof PDFDict) walk(kids);
      };
      walk(catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict));
      expect(types.slice(0, 3)).toEqual(['/Document', '/H1', '/P']);
      for (const tag of ['/H2', '/Table', '/THead', '/TBody', '/TR', '/TH', '/TD']) expect(types).toContain(tag);
      expect(types.filter((x) => x === '/TH')).toHaveLength(6);
      // Five rows of 2026–27, six cells each.
      expect(types.filter((x) => x === '/TD')).toHaveLength(5 * 6);
    });
  });

  describe('statement limit per account', () => {
    it(`refuses the ${STATEMENT_LIMIT.max + 1}th statement in ${STATEMENT_LIMIT.timeWindow / 60_000} minutes to that account alone, whatever its session or address`, async () => {
      // An app of its own: the other tests' downloads stay out of these counts.
      const own = await createTestApp(dialect);
      try {
        const alex = await signInWithClaim(own, 'alex.citizen@example.com', '23/98765');
        const sam = await signInWithClaim(own, 'sam.single@example.com', SAM_CLAIM);
        const statement = (token: string, Format = 'csv') =>
          own.post('/api/payments/getstatement', { AccessToken: token, FinancialYear: 2026, Format });

        // Neither a caller without a session nor a malformed request is counted against anyone.
        expect(errorNumbers(await statement('forged-token-value'))).toEqual([ErrorNumber.SessionUnknown]);
        expect(errorNumbers(await statement(alex, 'xls'))).toContain(ErrorNumber.Validation);

        for (let i = 0; i < STATEMENT_LIMIT.max; i++)
          expect((await statement(alex, i % 2 === 0 ? 'csv' : 'pdf')).statusCode).toBe(200);
        const refused = await statement(alex, 'pdf');
        expect(refused.statusCode).toBe(225);
        expect(refused.json()).toEqual([
          { Number: ErrorNumber.RateLimited, Message: 'Too many requests. Please wait a moment and try again.' },
        ]);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(STATEMENT_LIMIT.timeWindow / 1000);
        // A new session of the same account, from another address, is the same account.
        const again = await signInWithClaim(own, 'alex.citizen@example.com', '23/98765');
        expect(
          errorNumbers(
            await own.post(
              '/api/payments/getstatement',
              { AccessToken: again, FinancialYear: 2026, Format: 'csv' },
              { remoteAddress: '198.51.100.23' },
            ),
          ),
        ).toEqual([ErrorNumber.RateLimited]);

        // Another claimant at the same moment, from the same address, is served.
        const other = await statement(sam, 'pdf');
        expect(other.statusCode).toBe(200);
        expect(other.headers['content-type']).toBe('application/pdf');
        // The rest of the API is not this limit's business.
        expect(
          (await own.post('/api/payments/getpayments', { AccessToken: alex, Offset: 0, Amount: 10 })).statusCode,
        ).toBe(200);
        // Without a session the answer is still the session's, never the limit's.
        expect(errorNumbers(await statement('forged-token-value'))).toEqual([ErrorNumber.SessionUnknown]);

        // The database's counters follow the app's clock (the Redis and in-memory ones keep real time).
        if (dialect === 'postgres') {
          own.clock.advance(STATEMENT_LIMIT.timeWindow);
          expect((await statement(alex)).statusCode).toBe(200);
        }
      } finally {
        await own.close();
      }
    });
  });

  describe('notices', () => {
    it('tells the claimant by e-mail that there is news, without amounts, when a payment is paid and when a decision is made', async () => {
      const noah = 'new.registrant@example.com';
      const token = await signInWithClaim(t, noah, '24/33333');
      const item = await sendReimbursement(token);
      await put(
        payment({ ClaimNumber: '24/33333', Reference: 'NEWS-1', Status: 'scheduled', PaymentDate: '2026-11-28' }),
      );
      await put(payment({ ClaimNumber: '24/33333', Reference: 'NEWS-1', Status: 'paid', PaymentDate: '2026-11-21' }));
      const paid = await nextMatching(mail.smtp, noah, /There is news/);
      expect(paid.text).toContain('There is news about a payment in the TAC claimant portal. Sign in to see it.');
      expect(paid.text).not.toMatch(/\$|123\.45|12345/);
      const declined = {
        ClaimNumber: '24/33333',
        Outcome: 'declined',
        Date: '2026-11-21',
        Reason: 'The cleaning was before the accident',
        Review: 'Call us within 3 months to ask for a review.',
      };
      await call('PUT', `/provider/v1/sent-items/${item}/decision`, declined);
      const decided = await nextMatching(mail.smtp, noah, /There is news/);
      expect(decided.text).toContain('There is news about something you sent us in the TAC claimant portal.');
      expect(decided.text).not.toContain('cleaning');
      // The same decision again (a retry without an Idempotency-Key) is no news; a changed one is.
      const again = await call('PUT', `/provider/v1/sent-items/${item}/decision`, declined);
      expect(again.json()).toMatchObject({ Notified: false });
      const changed = await call('PUT', `/provider/v1/sent-items/${item}/decision`, {
        ...declined,
        Reason: 'The cleaning was before the accident; see the letter',
      });
      expect(changed.json()).toMatchObject({ Notified: true });
      await nextMatching(mail.smtp, noah, /There is news/);
      const kinds = await t.deps.db
        .selectFrom('notifications')
        .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
        .select(['notifications.kind', 'notifications.channel'])
        .where('accounts.username', '=', noah)
        .where('notifications.kind', 'in', ['payment-news', 'decision-news'])
        .orderBy('notifications.created_at')
        .execute();
      // The scheduled payment said nothing; the paid one and the decision one e-mail each (SMS is off for this claimant).
      expect(kinds).toEqual([
        { kind: 'payment-news', channel: 'email' },
        { kind: 'decision-news', channel: 'email' },
        { kind: 'decision-news', channel: 'email' },
      ]);
    });
  });
});
