import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

describe.each(DIALECTS)('documents form on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
  });
  afterAll(() => t.close());

  const upload = async (name = 'letter.pdf') => {
    const body = multipart({ accessToken: token, FormType: 'documents' }, { name, data: SAMPLES[name] as Buffer });
    const res = await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body });
    return { Filename: name, FileID: res.json().FileId as string };
  };
  const MEDICAL = { Id: 1, Item: 'Medical certificate' };
  const TAX = { Id: 4, Item: 'Tax File Declaration Form' };
  const draft = (extra: Record<string, unknown> = {}) => ({
    DocumentType: MEDICAL,
    Description: 'Certificate from Dr Lee',
    Documents: [] as unknown[],
    ...extra,
  });
  const save = (body: Record<string, unknown>) =>
    t.post('/api/documentupload/updatedocumentform', { AccessToken: token, ...body });
  const submit = (body: Record<string, unknown>) =>
    t.post('/api/documentupload/submitdocumentform', {
      AccessToken: token,
      Authorised: true,
      IdempotencyKey: `key-${Math.random()}`,
      ...body,
    });
  const getDraft = () => t.post('/api/documentupload/getdraftdocumentform', { AccessToken: token });

  it('saves and restores the draft, and dates it', async () => {
    expect((await getDraft()).json()).toBeNull();
    const file = await upload();
    const saved = (await save({ Draft: draft({ Documents: [file] }) })).json();
    expect(saved.Submitted).toBe(false);
    const again = (
      await save({ FormId: saved.FormId, Draft: draft({ Description: 'Updated', Documents: [file] }) })
    ).json();
    expect(again.FormId).toBe(saved.FormId);
    expect((await getDraft()).json()).toMatchObject({
      FormId: saved.FormId,
      Draft: { Description: 'Updated', Documents: [file] },
    });
    expect((await t.post('/api/documentupload/getdraftdates', { AccessToken: token })).json()).toEqual({
      DocumentsDate: '2026-11-21',
    });
    await t.post('/api/documentupload/discarddraftdocuments', { AccessToken: token });
  });

  it.each([
    ['no document type', { DocumentType: null }, 'Please select a document type'],
    ['no message', { Description: '  ' }, 'Please provide a message (max 1000 characters)'],
    ['no documents', { Documents: [] }, 'Please upload at least one document'],
    [
      'the Reimbursement type',
      { DocumentType: { Id: 6, Item: 'Reimbursement' } },
      'To claim a reimbursement, please use the Claim reimbursement form',
    ],
  ])('refuses %s with its message', async (_label, change, message) => {
    const file = await upload();
    const { FormId } = (await save({ Draft: draft({ Documents: [file] }) })).json();
    const res = await submit({ FormId, Draft: draft({ Documents: [file], ...change }) });
    expect(res.json().map((e: { Message: string }) => e.Message)).toContain(message);
    await t.post('/api/documentupload/discarddraftdocuments', { AccessToken: token });
  });

  it('needs the authorisation and lets a Tax File Declaration go without a message, with one file only', async () => {
    const [a, b] = [await upload(), await upload('scan.png')];
    const { FormId } = (await save({ Draft: draft({ Documents: [a, b] }) })).json();
    expect((await submit({ FormId, Draft: draft({ Documents: [a] }), Authorised: false })).json()[0].Message).toBe(
      'Tick the box to confirm your declaration',
    );
    expect(
      (await submit({ FormId, Draft: draft({ DocumentType: TAX, Description: '', Documents: [a, b] }) }))
        .json()
        .map((e: { Message: string }) => e.Message),
    ).toEqual(['Please upload only one document for a Tax File Declaration Form']);
    expect(
      (await submit({ FormId, Draft: draft({ DocumentType: TAX, Description: '', Documents: [a] }) })).statusCode,
    ).toBe(200);
  });

  it('sends once per key, records a sent item, queues it, and a late draft save does not bring it back', async () => {
    const file = await upload();
    const { FormId } = (await save({ Draft: draft({ Documents: [file] }) })).json();
    const body = { FormId, Draft: draft({ Documents: [file] }), IdempotencyKey: 'double-click-key-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(body)));
    const ids = new Set(answers.filter((r) => r.statusCode === 200).map((r) => r.json().SentItemId));
    expect(ids.size).toBe(1);
    expect((await submit(body)).json().SentItemId).toBe([...ids][0]);
    const sent = await t.deps.db.selectFrom('sent_items').selectAll().where('form_id', '=', FormId).execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      subject_main: 'Documents',
      subject_other: 'Medical certificate',
      message: 'Certificate from Dr Lee',
    });
    const queued = await t.deps.db
      .selectFrom('provider_outbox')
      .select(['payload'])
      .where('kind', '=', 'documents')
      .execute();
    expect(queued.filter((q) => JSON.parse(q.payload).FormId === FormId)).toHaveLength(1);
    // A debounced save arriving after the submit.
    expect(
      (await save({ FormId, Draft: draft({ Description: 'late keystroke', Documents: [file] }) })).json(),
    ).toMatchObject({ FormId, Submitted: true });
    expect((await getDraft()).json()).toBeNull();
    expect(errorNumbers(await submit({ ...body, IdempotencyKey: 'another-key-2' }))).toEqual([
      ErrorNumber.FormAlreadySubmitted,
    ]);
    // A sent document stays.
    expect(
      errorNumbers(await t.post('/api/documentupload/discardfile', { AccessToken: token, FileId: file.FileID })),
    ).toEqual([ErrorNumber.DocumentAlreadySent]);
  });

  it("refuses another claimant's file or form as not found", async () => {
    const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    const samUpload = multipart(
      { accessToken: sam, FormType: 'documents' },
      { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
    );
    const samFile = (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...samUpload })).json()
      .FileId as string;
    const { FormId } = (await save({ Draft: draft() })).json();
    expect(
      errorNumbers(await submit({ FormId, Draft: draft({ Documents: [{ Filename: 'x.pdf', FileID: samFile }] }) })),
    ).toEqual([ErrorNumber.NotFound]);
    expect(
      errorNumbers(
        await t.post('/api/documentupload/updatedocumentform', { AccessToken: sam, FormId, Draft: draft() }),
      ),
    ).toEqual([ErrorNumber.NotFound]);
    await t.post('/api/documentupload/discarddraftdocuments', { AccessToken: token });
  });

  it('discarding the draft removes its unsent files', async () => {
    const file = await upload();
    await save({ Draft: draft({ Documents: [file] }) });
    expect((await t.post('/api/documentupload/discarddraftdocuments', { AccessToken: token })).json()).toBe(true);
    expect((await getDraft()).json()).toBeNull();
    expect(
      errorNumbers(await t.post('/api/documentupload/getfilecontent', { AccessToken: token, Identifier: file.FileID })),
    ).toEqual([ErrorNumber.NotFound]);
  });

  describe('the generic draft calls', () => {
    const generic = (
      verb: 'updateform' | 'getdraft' | 'discarddraft',
      type: string,
      body: Record<string, unknown> = {},
      as = token,
    ) => t.post(`/api/documentupload/${verb}/${type}`, { AccessToken: as, ...body });

    it('keep a reimbursement draft with its files, per claimant and claim, and discard it with them', async () => {
      const file = await upload('scan.png');
      const draft = {
        PayOther: 0,
        Receipts: [{ Type: 'Pharmacy', Cost: '$12.50' }],
        Documents: [{ Filename: 'scan.png', FileID: file.FileID }],
      };
      const saved = (await generic('updateform', 'reimbursement', { Draft: draft })).json();
      expect(saved.Submitted).toBe(false);
      expect((await generic('getdraft', 'reimbursement')).json()).toMatchObject({ FormId: saved.FormId, Draft: draft });
      // Another claimant, and the documents draft, do not see it.
      const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      expect((await generic('getdraft', 'reimbursement', {}, sam)).json()).toBeNull();
      expect(
        errorNumbers(await generic('updateform', 'reimbursement', { FormId: saved.FormId, Draft: draft }, sam)),
      ).toEqual([ErrorNumber.NotFound]);
      expect(
        errorNumbers(
          await generic('updateform', 'documents', {
            FormId: saved.FormId,
            Draft: { DocumentType: null, Description: '', Documents: [] },
          }),
        ),
      ).toEqual([ErrorNumber.NotFound]);
      expect((await generic('discarddraft', 'reimbursement')).json()).toBe(true);
      expect((await generic('getdraft', 'reimbursement')).json()).toBeNull();
      expect(
        errorNumbers(
          await t.post('/api/documentupload/getfilecontent', { AccessToken: token, Identifier: file.FileID }),
        ),
      ).toEqual([ErrorNumber.NotFound]);
    });

    it('hold the documents draft to its shape, and refuse forms that keep no drafts', async () => {
      const bad = await generic('updateform', 'documents', { Draft: { Description: 'x'.repeat(1001), Documents: [] } });
      expect(bad.statusCode).toBe(225);
      expect((await generic('updateform', 'documents', { Draft: draft() })).json().Submitted).toBe(false);
      expect((await generic('getdraft', 'documents')).json()).toMatchObject({
        Draft: { Description: 'Certificate from Dr Lee' },
      });
      expect((await getDraft()).json()).toMatchObject({ Draft: { Description: 'Certificate from Dr Lee' } });
      await generic('discarddraft', 'documents');
      expect((await generic('getdraft', 'contact')).statusCode).toBe(225);
      expect(
        (await generic('updateform', 'reimbursement', { Draft: { Notes: 'x'.repeat(70_000), Documents: [] } }))
          .statusCode,
      ).toBe(225);
    });
  });
});
