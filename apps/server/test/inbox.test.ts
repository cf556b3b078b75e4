import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';

describe.each(DIALECTS)('inbox and sent items on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let claimId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    token = await signInWithClaim(t, 'alex.citizen@example.com', '23/98765'); // a claim with no messages
    claimId = (
      await t.deps.db.selectFrom('claims').select('id').where('number', '=', '23/98765').executeTakeFirstOrThrow()
    ).id;
  });
  afterEach(() => t.close());

  async function addMessages(n: number) {
    const base = t.clock.now() - n * 60_000;
    for (let i = 0; i < n; i++) {
      await t.deps.db
        .insertInto('inbox_messages')
        .values({
          id: `m${String(i).padStart(3, '0')}`,
          claim_id: claimId,
          subject: `Message ${i}`,
          body: `Body ${i}`,
          sent_at: base + i * 60_000,
          received_at: base + i * 60_000,
          read_at: null,
        })
        .execute();
    }
    directWrite();
  }
  /**
   * The tests write messages straight into the table (standing in for the claims system, and for
   * every kind of write the triggers must count); such writes skip the read cache's invalidation
   * (decision 031), so the cache is told here.
   */
  const directWrite = () => t.deps.reads.invalidate([`claim:${claimId}`]);
  const page = (Offset: number, Amount = 10) =>
    t.post('/api/inbox/getmessages', { AccessToken: token, Offset, Amount });

  it.each([
    [0, [[0, 0, 0]]],
    [
      10,
      [
        [0, 10, 10],
        [10, 10, 0],
      ],
    ],
    [
      11,
      [
        [0, 10, 10],
        [10, 11, 1],
      ],
    ],
    [
      25,
      [
        [0, 10, 10],
        [10, 20, 10],
        [20, 25, 5],
      ],
    ],
  ])('pages %i messages ten at a time', async (n, pages) => {
    await addMessages(n);
    const seen: string[] = [];
    for (const [start, end, count] of pages as [number, number, number][]) {
      const res = (await page(start)).json();
      expect([res.Start, res.End, res.Total, res.Items.length]).toEqual([start, end, n, count]);
      seen.push(...res.Items.map((m: { messageId: string }) => m.messageId));
    }
    expect(new Set(seen).size).toBe(n);
    if (n) expect(seen[0]).toBe(`m${String(n - 1).padStart(3, '0')}`);
  });

  it('keeps the counts right through every kind of write to the messages (the triggers of migration 0017)', async () => {
    const counts = async () => {
      directWrite();
      const total = (await page(0)).json().Total;
      const unread = (await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token })).json();
      // The truth, counted the slow way.
      const rows = await t.deps.db
        .selectFrom('inbox_messages')
        .select('read_at')
        .where('claim_id', '=', claimId)
        .execute();
      expect([total, unread]).toEqual([rows.length, rows.filter((r) => r.read_at === null).length]);
      return [total, unread];
    };
    expect(await counts()).toEqual([0, 0]);
    await addMessages(3);
    await t.deps.db
      .insertInto('inbox_messages')
      .values({
        id: 'already-read',
        claim_id: claimId,
        subject: 'S',
        body: 'B',
        sent_at: 1,
        received_at: 1,
        read_at: 5,
      })
      .execute();
    expect(await counts()).toEqual([4, 3]);
    expect((await t.post('/api/inbox/markasread', { AccessToken: token, MessageId: 'm001' })).statusCode).toBe(200);
    // Marking it again changes nothing.
    expect((await t.post('/api/inbox/markasread', { AccessToken: token, MessageId: 'm001' })).statusCode).toBe(200);
    expect(await counts()).toEqual([4, 2]);
    await t.deps.db.updateTable('inbox_messages').set({ read_at: null }).where('id', '=', 'already-read').execute();
    expect(await counts()).toEqual([4, 3]);
    await t.deps.db.deleteFrom('inbox_messages').where('id', 'in', ['m000', 'm001']).execute();
    expect(await counts()).toEqual([2, 2]);
    // Moved to another of the claimant's claims: counted there, not here.
    const other = (
      await t.deps.db.selectFrom('claims').select('id').where('number', '=', '21/45678').executeTakeFirstOrThrow()
    ).id;
    const before = await t.deps.db
      .selectFrom('inbox_counts')
      .select(['total', 'unread'])
      .where('claim_id', '=', other)
      .executeTakeFirst();
    await t.deps.db.updateTable('inbox_messages').set({ claim_id: other }).where('id', '=', 'm002').execute();
    expect(await counts()).toEqual([1, 1]);
    const after = await t.deps.db
      .selectFrom('inbox_counts')
      .select(['total', 'unread'])
      .where('claim_id', '=', other)
      .executeTakeFirstOrThrow();
    expect([after.total, after.unread]).toEqual([(before?.total ?? 0) + 1, (before?.unread ?? 0) + 1]);
  });

  it('keeps pages stable when a new message arrives between them', async () => {
    await addMessages(15);
    const first = (await page(0)).json().Items.map((m: { messageId: string }) => m.messageId);
    await t.deps.db
      .insertInto('inbox_messages')
      .values({
        id: 'zz-new',
        claim_id: claimId,
        subject: 'New',
        body: 'New',
        sent_at: t.clock.now(),
        received_at: t.clock.now(),
        read_at: null,
      })
      .execute();
    directWrite();
    const res = (await page(first.length + 1)).json();
    expect(res.Total).toBe(16);
    expect(res.Items.map((m: { messageId: string }) => m.messageId).some((id: string) => first.includes(id))).toBe(
      false,
    );
  });

  it('shows the message fields in Melbourne time and marks a message read, dropping the unread count', async () => {
    await addMessages(2);
    const [m] = (await page(0)).json().Items;
    expect(m).toMatchObject({
      Subject: 'Message 1',
      Read: false,
      Attachments: [],
      ReceivedDate: '2026-11-21',
      ReceivedTime: '09:59',
    });
    const unread = () => t.post('/api/inbox/getunreadmessagecount', { AccessToken: token }).then((r) => r.json());
    expect(await unread()).toBe(2);
    expect((await t.post('/api/inbox/markasread', { AccessToken: token, MessageId: m.messageId })).json()).toBe(true);
    expect(await unread()).toBe(1);
    expect((await page(0)).json().Items[0].Read).toBe(true);
  });

  it("answers another claimant's or another claim's message as not found", async () => {
    await addMessages(1);
    const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    expect(errorNumbers(await t.post('/api/inbox/markasread', { AccessToken: sam, MessageId: 'm000' }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    const otherClaim = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    expect(errorNumbers(await t.post('/api/inbox/markasread', { AccessToken: otherClaim, MessageId: 'm000' }))).toEqual(
      [ErrorNumber.NotFound],
    );
    expect(
      (await t.post('/api/inbox/getmessages', { AccessToken: sam, Offset: 0, Amount: 10 }))
        .json()
        .Items.map((m: { Subject: string }) => m.Subject),
    ).not.toContain('Message 0');
  });

  it('lists sent items with their files and status, filtered by type', async () => {
    const body = multipart(
      { accessToken: token, FormType: 'documents' },
      { name: 'letter.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    const file = (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body })).json()
      .FileId as string;
    const draft = {
      DocumentType: { Id: 1, Item: 'Medical certificate' },
      Description: 'Certificate',
      Documents: [{ Filename: 'letter.pdf', FileID: file }],
    };
    const { FormId } = (
      await t.post('/api/documentupload/updatedocumentform', { AccessToken: token, Draft: draft })
    ).json();
    await t.post('/api/documentupload/submitdocumentform', {
      AccessToken: token,
      FormId,
      Draft: draft,
      Authorised: true,
      IdempotencyKey: 'sent-items-1',
    });
    const typed = multipart({
      accessToken: token,
      SignatureMethod: 'typed',
      TypedName: 'Alex Citizen',
      Declaration: 'true',
      IdempotencyKey: 'sent-items-2',
    });
    await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...typed });

    const all = (
      await t.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10 })
    ).json();
    expect(all.Total).toBe(2);
    expect(all.SentItems.map((s: { SubjectMain: string }) => s.SubjectMain).sort()).toEqual([
      'Authority form',
      'Documents',
    ]);
    const documents = all.SentItems.find((s: { SubjectMain: string }) => s.SubjectMain === 'Documents');
    expect(documents).toMatchObject({
      SubjectOther: 'Medical certificate',
      Message: 'Certificate',
      Status: 'Received',
      Files: [{ Filename: 'letter.pdf', FileID: file }],
    });
    // SentItemTypes: 1 Documents, 4 Authority form.
    const onlyDocs = (
      await t.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10, RequestType: 1 })
    ).json();
    expect(onlyDocs.SentItems.map((s: { SubjectMain: string }) => s.SubjectMain)).toEqual(['Documents']);
    expect(
      (
        await t.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10, RequestType: 99 })
      ).json().Total,
    ).toBe(0);
    const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    expect(
      (await t.post('/api/documentupload/getsentitems', { AccessToken: sam, Offset: 0, Amount: 10 })).json().Total,
    ).toBe(0);
  });
});
