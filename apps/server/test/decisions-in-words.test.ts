/**
 * Decisions in words (decision 034): Sent items carry each item's latest decision in short and,
 * for a reimbursement, whom to pay apart from its receipts; the claim home's tasks are the
 * requests for more information not yet answered from the portal; a decline carries the last day
 * to ask for a review only when the claims system gives one. Another claimant's items, and the
 * same claimant's items of another claim, never appear.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber, isoToday } from '@portal/contracts';
import { movePayToLines, payToWords } from '../src/db/migrations/0022-decisions-in-words.ts';
import { newId } from '../src/lib/crypto.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

const SAM_CLAIM = '22/11111';
const ALEX_DEMO_CLAIM = '19/12345';
const PHARMACY = {
  Kind: 'Pharmacy',
  Date: '20/11/2026',
  Description: 'Pain relief',
  Pharmacy: 'Main St Chemist',
  Cost: '12.50',
};
const DAY = 86_400_000;

type SentItem = {
  Id: string;
  Message: string;
  PayTo: string;
  Decision: { Outcome: string; Date: string; NeededBy: string | null; AnsweredOn: string | null } | null;
};
type Task = { SentItemId: string; NeededBy: string | null; Asked: string };

describe.each(DIALECTS)('decisions in words on %s', (dialect) => {
  let t: TestApp;
  let key: string;
  let sam: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    key = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: ['decisions:write'] })).key;
    sam = await signInWithClaim(t, 'sam.single@example.com', SAM_CLAIM);
  });
  afterAll(() => t.close());

  const decide = (id: string, body: Record<string, unknown>, claim = SAM_CLAIM) =>
    t.app.inject({
      method: 'PUT',
      url: `/provider/v1/sent-items/${id}/decision`,
      payload: { ClaimNumber: claim, ...body },
      headers: { authorization: `Bearer ${key}` },
    });
  const tasksOf = async (token: string): Promise<Task[]> => {
    const res = await t.post('/api/claim/gettasks', { AccessToken: token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Tasks as Task[];
  };
  const sentItemsOf = async (token: string): Promise<SentItem[]> =>
    (await t.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 50 })).json()
      .SentItems as SentItem[];
  const today = () => isoToday(new Date(t.clock.now()));
  const progressOf = async (token: string, id: string) =>
    (await t.post('/api/payments/getsentitemprogress', { AccessToken: token, SentItemId: id })).json();

  /** A one-receipt reimbursement the claimant sends (optionally as the answer to another); the answer. */
  async function submitReimbursement(token: string, respondsTo?: string) {
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
    return t.post('/api/documentupload/submitreceipts', {
      AccessToken: token,
      IdempotencyKey: newId(),
      FormId,
      PayOther: 0,
      Receipts: [PHARMACY],
      Agreed: true,
      Documents: [file],
      ...(respondsTo ? { RespondsTo: respondsTo } : {}),
    });
  }
  async function sendReimbursement(token: string, respondsTo?: string): Promise<string> {
    const res = await submitReimbursement(token, respondsTo);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().SentItemId as string;
  }

  it("the demo claim: each sent item says its decision, whom to pay apart from the receipts, and the claim's one task", async () => {
    const alex = await signInWithClaim(t, 'alex.citizen@example.com', ALEX_DEMO_CLAIM);
    const items = await sentItemsOf(alex);
    const byOutcome = new Map(items.map((i) => [i.Decision?.Outcome, i]));
    expect([...byOutcome.keys()].sort()).toEqual(['declined', 'more-information-needed', 'partly-approved']);
    // The seed is dated from T0 (21 November 2026 in Melbourne).
    expect(byOutcome.get('more-information-needed')?.Decision).toEqual({
      Outcome: 'more-information-needed',
      Date: '2026-11-19',
      NeededBy: '2026-12-05',
      AnsweredOn: null,
    });
    expect(byOutcome.get('declined')?.Decision).toMatchObject({ Date: '2026-10-27', NeededBy: null, AnsweredOn: null });
    for (const item of items) {
      expect(item.PayTo).toBe('You: Alex Citizen, BSB 063-000, account ending 6789');
      expect(item.Message).not.toContain('Pay');
    }

    const info = byOutcome.get('more-information-needed') as SentItem;
    expect(await tasksOf(alex)).toEqual([
      {
        Kind: 'send-information',
        SentItemId: info.Id,
        Type: 'Reimbursement',
        Subject: 'Reimbursement: 1 receipt, total $46.20',
        Needed: 'The taxi receipt showing the date, the pick-up and drop-off places, and the fare.',
        NeededBy: '2026-12-05',
        Asked: '2026-11-19',
      },
    ]);
    const declined = await progressOf(alex, (byOutcome.get('declined') as SentItem).Id);
    expect(declined.Decision).toMatchObject({ Outcome: 'declined', ReviewBy: '2027-01-27', AnsweredOn: null });
    // Named as the claimant knows it, here and on the claim home's panel: its kind and the line under it.
    expect(declined.Subject).toBe('Reimbursement: 1 receipt, total $89.00');
    const summary = (await t.post('/api/payments/getsummary', { AccessToken: alex })).json();
    expect(summary.RecentDecisions.map((d: { Subject: string }) => d.Subject)).toContain(
      'Reimbursement: 1 receipt, total $46.20',
    );
  });

  it('a request for more information is a task until it is answered from the portal or decided; asked again, it is back', async () => {
    const asked = await sendReimbursement(sam);
    expect((await sentItemsOf(sam)).find((i) => i.Id === asked)?.Decision).toBeNull();
    const request = { Outcome: 'more-information-needed', Needed: 'The receipt itself.', NeededBy: '2026-12-01' };
    expect((await decide(asked, { ...request, Date: '2026-11-20' })).statusCode).toBe(200);
    expect((await tasksOf(sam)).map((x) => x.SentItemId)).toContain(asked);

    // Answered from the portal (RespondsTo): no longer a task; the sent item and its progress say when.
    await sendReimbursement(sam, asked);
    expect((await tasksOf(sam)).map((x) => x.SentItemId)).not.toContain(asked);
    expect((await sentItemsOf(sam)).find((i) => i.Id === asked)?.Decision).toEqual({
      Outcome: 'more-information-needed',
      Date: '2026-11-20',
      NeededBy: '2026-12-01',
      AnsweredOn: '2026-11-21',
    });
    expect((await progressOf(sam, asked)).Decision.AnsweredOn).toBe('2026-11-21');
    // The same request sent again (a retry) does not ask again.
    expect((await decide(asked, { ...request, Date: '2026-11-20' })).statusCode).toBe(200);
    expect((await tasksOf(sam)).map((x) => x.SentItemId)).not.toContain(asked);

    // Two days on the claims system asks again: the earlier answer does not count for it.
    t.clock.advance(2 * DAY);
    sam = await signInWithClaim(t, 'sam.single@example.com', SAM_CLAIM); // the session has timed out
    expect((await decide(asked, { ...request, Date: '2026-11-23', NeededBy: '2026-12-07' })).statusCode).toBe(200);
    expect((await tasksOf(sam)).find((x) => x.SentItemId === asked)).toMatchObject({
      NeededBy: '2026-12-07',
      Asked: '2026-11-23',
    });
    // Approved the same day, recorded a minute later: the request is no longer the latest decision.
    t.clock.advance(60_000);
    expect((await decide(asked, { Outcome: 'approved', Date: '2026-11-23' })).statusCode).toBe(200);
    expect((await tasksOf(sam)).map((x) => x.SentItemId)).not.toContain(asked);
    expect((await sentItemsOf(sam)).find((i) => i.Id === asked)?.Decision).toMatchObject({
      Outcome: 'approved',
      NeededBy: null,
      AnsweredOn: null,
    });
  });

  it('lists the soonest needed first', async () => {
    const later = await sendReimbursement(sam);
    const sooner = await sendReimbursement(sam);
    for (const [id, by] of [
      [later, '2026-12-20'],
      [sooner, '2026-12-02'],
    ] as const)
      expect(
        (await decide(id, { Outcome: 'more-information-needed', Date: today(), Needed: 'x', NeededBy: by })).statusCode,
      ).toBe(200);
    const ids = (await tasksOf(sam)).map((x) => x.SentItemId);
    expect(ids.indexOf(sooner)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
  });

  it("never shows another claimant's tasks, nor the same claimant's of another claim; needs a selected claim", async () => {
    const samItem = await sendReimbursement(sam);
    const request = { Outcome: 'more-information-needed', Date: today(), Needed: 'x', NeededBy: '2026-12-20' };
    expect((await decide(samItem, request)).statusCode).toBe(200);
    const alexDemo = await signInWithClaim(t, 'alex.citizen@example.com', ALEX_DEMO_CLAIM);
    const alexOther = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const alexOtherItem = await sendReimbursement(alexOther);
    expect((await decide(alexOtherItem, request, '21/45678')).statusCode).toBe(200);

    const samTasks = (await tasksOf(sam)).map((x) => x.SentItemId);
    const demoTasks = (await tasksOf(alexDemo)).map((x) => x.SentItemId);
    const otherTasks = (await tasksOf(alexOther)).map((x) => x.SentItemId);
    expect(samTasks).toContain(samItem);
    expect(otherTasks).toEqual([alexOtherItem]);
    expect(demoTasks).toHaveLength(1);
    expect(demoTasks).not.toContain(alexOtherItem);
    expect(samTasks.some((id) => demoTasks.includes(id) || otherTasks.includes(id))).toBe(false);
    // Sam cannot answer Alex's request (not found), so it stays Alex's task.
    const answer = await submitReimbursement(sam, alexOtherItem);
    expect(errorNumbers(answer)).toContain(ErrorNumber.NotFound);
    expect((await tasksOf(alexOther)).map((x) => x.SentItemId)).toEqual([alexOtherItem]);

    const bare = await t.signIn('sam.single@example.com');
    expect(errorNumbers(await t.post('/api/claim/gettasks', { AccessToken: bare }))).toEqual([
      ErrorNumber.NoClaimSelected,
    ]);
    expect(errorNumbers(await t.post('/api/claim/gettasks', { AccessToken: sam, Extra: 1 }))).toContain(
      ErrorNumber.Validation,
    );
  });

  it('keeps the last day to ask for a review only as the claims system gives it, and refuses one that does not fit', async () => {
    const item = await sendReimbursement(sam);
    const decline = { Outcome: 'declined', Date: today(), Reason: 'Not a cost we pay.', Review: 'Call us.' };
    const before = (await decide(item, decline)).statusCode;
    expect(before).toBe(200);
    expect((await progressOf(sam, item)).Decision.ReviewBy).toBeNull();

    for (const [body, path] of [
      [{ ...decline, ReviewBy: '2026-11-01' }, 'ReviewBy'],
      [{ ...decline, ReviewBy: '2026-02-30' }, 'ReviewBy'],
      [{ Outcome: 'approved', Date: today(), ReviewBy: '2027-02-21' }, 'ReviewBy'],
    ] as const) {
      const res = await decide(item, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await progressOf(sam, item)).Decision).toMatchObject({ Outcome: 'declined', ReviewBy: null });

    expect((await decide(item, { ...decline, ReviewBy: '2027-02-21' })).statusCode).toBe(200);
    expect((await progressOf(sam, item)).Decision).toMatchObject({ Outcome: 'declined', ReviewBy: '2027-02-21' });
  });

  it('moves the "Pay …" line of a reimbursement sent before it was kept apart, in the words the portal now writes', async () => {
    expect(payToWords('Pay me: Sam Single, BSB 033-001, account ending 5432')).toBe(
      'You: Sam Single, BSB 033-001, account ending 5432',
    );
    expect(payToWords('Pay my provider')).toBe('Your provider');
    expect(payToWords('Pay Lee Citizen (Partner): Lee Citizen, BSB 063000, account ending 4321')).toBe(
      'Lee Citizen (Partner): Lee Citizen, BSB 063000, account ending 4321',
    );
    expect(payToWords('Cost: $12.50')).toBeUndefined();

    const item = await sendReimbursement(sam);
    const enquiryLike = await sendReimbursement(sam);
    const old = 'Receipt type: Pharmacy\nCost: $12.50\n\nPay me: Sam Single, BSB 033-001, account ending 5432';
    await t.deps.db.updateTable('sent_items').set({ message: old, pay_to: '' }).where('id', '=', item).execute();
    await t.deps.db
      .updateTable('sent_items')
      .set({ message: 'Receipt type: Pharmacy', pay_to: '' })
      .where('id', '=', enquiryLike)
      .execute();
    await movePayToLines(t.deps.db as unknown as Kysely<unknown>);
    const items = await sentItemsOf(sam);
    expect(items.find((i) => i.Id === item)).toMatchObject({
      Message: 'Receipt type: Pharmacy\nCost: $12.50',
      PayTo: 'You: Sam Single, BSB 033-001, account ending 5432',
    });
    expect(items.find((i) => i.Id === enquiryLike)).toMatchObject({ Message: 'Receipt type: Pharmacy', PayTo: '' });
  });
});
