/** Contact us and the personal-details change request: form → files → submit (messaging and account issues). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

const GENERAL = { Item: 'General enquiry', ElementNumber: 10 };
const REIMBURSEMENT = { Item: 'Reimbursement', ElementNumber: 30 };
const OTHER = { Item: 'Other', ElementNumber: 60 };
const MARRIAGE = { Id: 1, Item: 'Marriage' };
const OTHER_REASON = { Id: 5, Item: 'Other' };

const messagesOf = (res: { json: () => unknown }) =>
  (res.json() as { Message: string; Field?: string }[]).map((e) => e.Message);

describe.each(DIALECTS)('contact us and details requests on %s', (dialect) => {
  let t: TestApp;
  let alex: string;
  let sam: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
  });
  afterAll(() => t.close());

  const upload = async (token: string, formType: string, formId: string, name = 'letter.pdf') => {
    const body = multipart(
      { accessToken: token, FormType: formType, FormId: formId },
      { name, data: SAMPLES[name] as Buffer },
    );
    return t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body });
  };
  const createContact = (token: string, body: Record<string, unknown>) =>
    t.post('/api/documentupload/uploadcontactform', { AccessToken: token, ...body });
  const submitContact = (token: string, FormId: string, IdempotencyKey = `key-${Math.random()}`) =>
    t.post('/api/documentupload/submitcontactform', { AccessToken: token, FormId, IdempotencyKey });
  const sentItems = async (token: string) =>
    (await t.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10 })).json();

  describe('contact us', () => {
    it('sends an enquiry with two files: a sent item with its files and reply-by date, queued for the provider', async () => {
      const created = await createContact(alex, { Category: GENERAL, Message: '  When is my next appointment?  ' });
      expect(created.statusCode).toBe(200);
      const { Identifier } = created.json();
      const files = [await upload(alex, 'contact', Identifier), await upload(alex, 'contact', Identifier, 'scan.png')];
      expect(files.map((f) => f.statusCode)).toEqual([200, 200]);
      const sent = await submitContact(alex, Identifier, 'contact-key-0001');
      expect(sent.statusCode).toBe(200);
      const page = await sentItems(alex);
      const item = page.SentItems.find((s: { Id: string }) => s.Id === sent.json().SentItemId);
      expect(item).toMatchObject({
        SubjectMain: 'Enquiry',
        SubjectOther: 'General enquiry',
        Message: 'When is my next appointment?',
        Status: 'Received',
      });
      expect(item.Files.map((f: { Filename: string }) => f.Filename).sort()).toEqual(['letter.pdf', 'scan.png']);
      // Sent Saturday 21 November 2026 (Melbourne): 10 working days, Melbourne Cup already past.
      expect(item.ReplyBy).toBe('2026-12-04');
      const queued = await t.deps.db
        .selectFrom('provider_outbox')
        .select(['kind', 'payload'])
        .where('kind', '=', 'enquiry')
        .execute();
      expect(queued).toHaveLength(1);
      expect(JSON.parse(queued[0]!.payload)).toMatchObject({
        FormId: Identifier,
        Category: 'General enquiry',
        Message: 'When is my next appointment?',
      });
      // The same key answers the same result; another key finds it already sent.
      expect((await submitContact(alex, Identifier, 'contact-key-0001')).json()).toEqual(sent.json());
      expect(errorNumbers(await submitContact(alex, Identifier))).toEqual([ErrorNumber.FormAlreadySubmitted]);
      // Its files can no longer be discarded, and no more files join it.
      expect(
        errorNumbers(
          await t.post('/api/documentupload/discardfile', { AccessToken: alex, FileId: files[0]!.json().FileId }),
        ),
      ).toEqual([ErrorNumber.DocumentAlreadySent]);
      expect(errorNumbers(await upload(alex, 'contact', Identifier))).toEqual([ErrorNumber.NotFound]);
    });

    it('keeps the reason of an Other enquiry as its subject, and the Reimbursement category as it is', async () => {
      const other = (
        await createContact(alex, { Category: OTHER, Message: 'About my car', CustomCategory: 'Vehicle repairs' })
      ).json().Identifier;
      const reimbursement = (
        await createContact(alex, { Category: REIMBURSEMENT, Message: 'Is my taxi covered?' })
      ).json().Identifier;
      const [a, b] = [await submitContact(alex, other), await submitContact(alex, reimbursement)];
      const page = await sentItems(alex);
      const subject = (id: string) => page.SentItems.find((s: { Id: string }) => s.Id === id).SubjectOther;
      expect(subject(a.json().SentItemId)).toBe('Vehicle repairs');
      expect(subject(b.json().SentItemId)).toBe('Reimbursement');
    });

    it.each([
      ['no category', { Message: 'Hello' }, 'Please select an enquiry type'],
      [
        'a category not on the list',
        { Category: { Item: 'Complaints', ElementNumber: 10 }, Message: 'Hello' },
        'Please select an enquiry type',
      ],
      ['no message', { Category: GENERAL, Message: '   ' }, 'Please provide a message for your enquiry'],
      [
        'a message over 950 characters',
        { Category: GENERAL, Message: 'x'.repeat(951) },
        'Your message can be up to 950 characters',
      ],
      ['Other without a reason', { Category: OTHER, Message: 'Hello' }, 'Reason must be between 1 - 25 characters'],
      [
        'a reason over 25 characters',
        { Category: OTHER, Message: 'Hello', CustomCategory: 'r'.repeat(26) },
        'Reason must be between 1 - 25 characters',
      ],
    ])('refuses %s with its message', async (_label, body, message) => {
      const res = await createContact(alex, body);
      expect(res.statusCode).toBe(225);
      expect(messagesOf(res)).toEqual([message]);
    });

    it('accepts exactly 950 characters', async () => {
      expect((await createContact(alex, { Category: GENERAL, Message: 'x'.repeat(950) })).statusCode).toBe(200);
    });

    it("answers another claimant's form as not found, for files and for the submit", async () => {
      const { Identifier } = (await createContact(alex, { Category: GENERAL, Message: 'Mine' })).json();
      expect(errorNumbers(await upload(sam, 'contact', Identifier))).toEqual([ErrorNumber.NotFound]);
      expect(errorNumbers(await submitContact(sam, Identifier))).toEqual([ErrorNumber.NotFound]);
      // A file for a form of another kind is refused too.
      expect(errorNumbers(await upload(alex, 'documents', Identifier))).toEqual([ErrorNumber.NotFound]);
      expect(await t.deps.db.selectFrom('files').select('id').where('form_id', '=', Identifier).execute()).toEqual([]);
    });

    it('needs a selected claim and a session', async () => {
      expect(
        errorNumbers(await t.post('/api/documentupload/uploadcontactform', { Category: GENERAL, Message: 'Hi' })),
      ).toEqual([ErrorNumber.TokenMissing]);
    });
  });

  describe('personal details change request', () => {
    const createRequest = (token: string, body: Record<string, unknown>) =>
      t.post('/api/documentupload/uploaddetailsrequest', { AccessToken: token, ...body });
    const submitRequest = (token: string, FormId: string) =>
      t.post('/api/documentupload/submitdetailsrequest', {
        AccessToken: token,
        FormId,
        IdempotencyKey: `key-${Math.random()}`,
      });
    const account = async (token: string) => (await t.post('/api/account/getaccount', { AccessToken: token })).json();
    const details = {
      FirstName: 'Sam',
      MiddleNames: '',
      Surname: 'Married-Name',
      DateOfBirth: '01/02/1985',
      Reason: MARRIAGE,
    };

    it('waits for approval: recorded, sent, queued — the stored details do not change', async () => {
      const before = await account(sam);
      expect(before.PersonalDetailsPendingSince).toBeNull();
      const { Identifier } = (await createRequest(sam, details)).json();
      expect((await upload(sam, 'details', Identifier)).statusCode).toBe(200);
      const sent = await submitRequest(sam, Identifier);
      expect(sent.statusCode).toBe(200);
      const after = await account(sam);
      expect(after.PersonalDetails).toEqual(before.PersonalDetails);
      expect(after.PersonalDetailsPendingSince).toBe('2026-11-21');
      const row = await t.deps.db
        .selectFrom('details_requests')
        .selectAll()
        .where('form_id', '=', Identifier)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect(JSON.parse(row.requested)).toMatchObject({
        Surname: 'Married-Name',
        DateOfBirth: '1985-02-01',
        Reason: 'Marriage',
      });
      const item = (await sentItems(sam)).SentItems.find((s: { Id: string }) => s.Id === sent.json().SentItemId);
      expect(item).toMatchObject({
        SubjectMain: 'Personal details',
        SubjectOther: 'Marriage',
        Message: 'Name: Sam Married-Name. Date of birth: 01/02/1985. Reason: Marriage.',
        ReplyBy: null,
      });
      expect(item.Files).toHaveLength(1);
      const queued = await t.deps.db
        .selectFrom('provider_outbox')
        .select('payload')
        .where('kind', '=', 'personal-details-request')
        .execute();
      expect(queued.map((q) => JSON.parse(q.payload).FormId)).toContain(Identifier);
      const audit = await t.deps.db
        .selectFrom('audit_events')
        .select('kind')
        .where('kind', '=', 'personal_details_change_requested')
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });

    it.each([
      ['no reason', { Reason: undefined }, 'Please select a reason'],
      ['a reason not on the list', { Reason: { Id: 1, Item: 'Divorce' } }, 'Please select a reason'],
      ['Other without its text', { Reason: OTHER_REASON }, 'Please provide a reason between 1-250 characters'],
      [
        'Other over 250 characters',
        { Reason: OTHER_REASON, OtherReason: 'o'.repeat(251) },
        'Please provide a reason between 1-250 characters',
      ],
      ['an empty first name', { FirstName: ' ' }, 'Enter your First Name between 1-60 characters'],
      ['an empty surname', { Surname: ' ' }, 'Enter your Last Name between 1-60 characters'],
      ['a date of birth in the future', { DateOfBirth: '01/01/2030' }, 'Enter a valid Date of Birth'],
      [
        'a date of birth in another format',
        { DateOfBirth: '1985-02-01' },
        'Enter your date of birth in dd/mm/yyyy format.',
      ],
    ])('refuses %s with its message', async (_label, change, message) => {
      const res = await createRequest(sam, { ...details, ...change });
      expect(res.statusCode).toBe(225);
      expect(messagesOf(res)).toEqual([message]);
    });

    it("answers another claimant's request as not found", async () => {
      const { Identifier } = (await createRequest(alex, { ...details, FirstName: 'Alex' })).json();
      expect(errorNumbers(await submitRequest(sam, Identifier))).toEqual([ErrorNumber.NotFound]);
      expect(errorNumbers(await upload(sam, 'details', Identifier))).toEqual([ErrorNumber.NotFound]);
    });
  });
});
