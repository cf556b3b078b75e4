/** The provider API: keys and scopes, idempotent writes, claimants, messages, statuses, decisions, content. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorNumber, type ProviderScope } from '@portal/contracts';
import { createApiKey, revokeApiKey } from '../src/modules/provider/keys.ts';
import { safeFilename } from '../src/modules/uploads/service.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { BAD, SAMPLES } from './samples.ts';

const ALL: ProviderScope[] = [
  'claimants:write',
  'claimants:read',
  'messages:write',
  'sent-items:write',
  'details-requests:write',
  'content:write',
  'files:read',
];

describe.each(DIALECTS)('provider API on %s', (dialect) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    key = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: ALL })).key;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
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
  const message = (extra: Record<string, unknown> = {}) => ({
    ClaimNumber: '21/45678',
    Subject: 'Your appointment',
    Body: 'See https://example.org/visit for directions.',
    ...extra,
  });
  const unread = async (token: string) =>
    (await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token })).json();

  describe('authentication', () => {
    it('refuses a missing, malformed, wrong or revoked key with the same 401 problem', async () => {
      const other = await createApiKey(t.deps.db, t.clock.now(), { name: 'old', scopes: ['claimants:read'] });
      const answers = [
        await t.app.inject({ method: 'GET', url: '/provider/v1/claimants/abc' }),
        await call('GET', '/provider/v1/claimants/abc', undefined, { authorization: 'Bearer nonsense' }),
        await call('GET', '/provider/v1/claimants/abc', undefined, {
          authorization: `Bearer ${other.id}.${'A'.repeat(43)}`,
        }),
      ];
      expect(
        (await call('GET', '/provider/v1/claimants/abc', undefined, { authorization: `Bearer ${other.key}` }))
          .statusCode,
      ).toBe(404);
      await revokeApiKey(t.deps.db, t.clock.now(), other.id);
      answers.push(
        await call('GET', '/provider/v1/claimants/abc', undefined, { authorization: `Bearer ${other.key}` }),
      );
      for (const a of answers) {
        expect(a.statusCode).toBe(401);
        expect(a.headers['content-type']).toContain('application/problem+json');
        expect(a.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
      }
    });

    it('refuses a claimant token on the provider API and an API key on the claimant API', async () => {
      const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      expect(
        (await call('GET', '/provider/v1/claimants/abc', undefined, { authorization: `Bearer ${token}` })).statusCode,
      ).toBe(401);
      expect(errorNumbers(await t.post('/api/account/getaccount', { AccessToken: key }))).not.toEqual([]);
      expect((await t.post('/api/account/getaccount', { AccessToken: key })).statusCode).toBe(225);
    });

    it("needs the operation's scope", async () => {
      const limited = await createApiKey(t.deps.db, t.clock.now(), { name: 'reader', scopes: ['claimants:read'] });
      const res = await call('POST', '/provider/v1/messages', message(), { authorization: `Bearer ${limited.key}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain('messages:write');
    });

    it('answers unknown operations and bad bodies as problems, never a 500', async () => {
      expect((await call('GET', '/provider/v1/nothing')).json()).toMatchObject({ status: 404 });
      const bad = await call('POST', '/provider/v1/messages', { ClaimNumber: '21-45678', Subject: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
        expect.arrayContaining(['ClaimNumber', 'Subject', 'Body']),
      );
    });
  });

  describe('claimants', () => {
    const person = {
      FirstName: 'Casey',
      Surname: 'New',
      DateOfBirth: '1992-03-04',
      Email: 'casey@example.com',
      Mobile: '0411222333',
      HomeAddress: { Line1: '1 Main Road', Line2: 'GEELONG VIC 3220' },
      Claims: [{ Number: '26/10001', AccidentDate: '2026-10-01', Location: 'Geelong' }],
    };

    it('creates, then updates, a claimant with their claims', async () => {
      const created = await call('PUT', '/provider/v1/claimants/CL-1001', person);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({
        ClaimantRef: 'CL-1001',
        Registered: false,
        Claims: [{ Number: '26/10001', StateTrustee: false, BankEditAllowed: true }],
      });
      const updated = await call('PUT', '/provider/v1/claimants/CL-1001', {
        ...person,
        Claims: [{ Number: '26/10002', AccidentDate: '2026-10-20', StateTrustee: true }],
      });
      expect(updated.json().Claims.map((c: { Number: string }) => c.Number)).toEqual(['26/10001', '26/10002']);
      expect((await call('GET', '/provider/v1/claimants/CL-1001')).json().Claims[1]).toMatchObject({
        StateTrustee: true,
      });
      // What a read returns can be written back unchanged: the title and flags are part of it.
      await call('PUT', '/provider/v1/claimants/CL-1001', { ...person, Title: 4, MobileEditDisabled: true });
      expect((await call('GET', '/provider/v1/claimants/CL-1001')).json()).toMatchObject({
        Title: 4,
        MobileEditDisabled: true,
        EmailEditDisabled: false,
        VerifySignIn: false,
      });
      // A flag set before the person registers is kept for when they do.
      await call('PUT', '/provider/v1/claimants/CL-1001', { ...person, VerifySignIn: true });
      expect((await call('GET', '/provider/v1/claimants/CL-1001')).json()).toMatchObject({
        Registered: false,
        VerifySignIn: true,
      });
    });

    it('refuses a claim number that belongs to someone else', async () => {
      const res = await call('PUT', '/provider/v1/claimants/CL-2002', {
        ...person,
        Claims: [{ Number: '22/11111', AccidentDate: '2022-05-17' }],
      });
      expect(res.statusCode).toBe(409);
      expect((await call('GET', '/provider/v1/claimants/CL-2002')).statusCode).toBe(404);
    });

    it('recognises a claimant the portal already holds by a claim number, and keeps their own contact details', async () => {
      const res = await call('PUT', '/provider/v1/claimants/CL-SAM', {
        ...person,
        FirstName: 'Samantha',
        Surname: 'Single',
        DateOfBirth: '1990-01-30',
        Email: 'old@example.com',
        Claims: [{ Number: '22/11111', AccidentDate: '2022-05-17' }],
      });
      expect(res.json()).toMatchObject({ FirstName: 'Samantha', Registered: true });
      const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      const account = (await t.post('/api/account/getaccount', { AccessToken: token })).json();
      expect(account.PersonalDetails.FirstName).toBe('Samantha');
      expect(account.ContactDetails.EmailAddress).toBe('sam.single@example.com');
      // Sign-in verification required: every sign-in now asks for a code.
      await call('PUT', '/provider/v1/claimants/CL-SAM', {
        ...person,
        FirstName: 'Samantha',
        Surname: 'Single',
        DateOfBirth: '1990-01-30',
        VerifySignIn: true,
        Claims: [{ Number: '22/11111', AccidentDate: '2022-05-17' }],
      });
      const login = await t.post('/api/account/login', {
        EmailAddress: 'sam.single@example.com',
        Password: 'Claimant#2026',
        RememberMe: false,
        DeviceType: 0,
      });
      expect(login.json().AccountActivated).toBe(1);
      await call('PUT', '/provider/v1/claimants/CL-SAM', {
        ...person,
        FirstName: 'Samantha',
        Surname: 'Single',
        DateOfBirth: '1990-01-30',
        VerifySignIn: false,
        Claims: [{ Number: '22/11111', AccidentDate: '2022-05-17' }],
      });
    });
  });

  describe('messages', () => {
    it("posts a message with an attachment to the claim's inbox and notifies the claimant", async () => {
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const before = await unread(token);
      const res = await call(
        'POST',
        '/provider/v1/messages',
        message({
          Attachments: [
            { Filename: 'letter.pdf', ContentBase64: (SAMPLES['letter.pdf'] as Buffer).toString('base64') },
          ],
        }),
      );
      expect(res.statusCode, t.logs.filter((l) => l.includes('provider API error')).join('')).toBe(200);
      expect(res.json().Notified).toBe(true);
      expect(await unread(token)).toBe(before + 1);
      const page = (await t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 10 })).json();
      const posted = page.Items.find((m: { messageId: string }) => m.messageId === res.json().MessageId);
      expect(posted).toMatchObject({
        Subject: 'Your appointment',
        Read: false,
        Attachments: [{ Filename: 'letter.pdf' }],
      });
      const download = await t.post('/api/documentupload/downloadfile', {
        AccessToken: token,
        Identifier: posted.Attachments[0].FileID,
      });
      expect(download.rawPayload.equals(SAMPLES['letter.pdf'] as Buffer)).toBe(true);
      // Another claimant cannot read it.
      const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      expect(
        errorNumbers(
          await t.post('/api/documentupload/downloadfile', {
            AccessToken: sam,
            Identifier: posted.Attachments[0].FileID,
          }),
        ),
      ).toEqual([ErrorNumber.NotFound]);
      const note = await t.deps.db
        .selectFrom('notifications')
        .select(['kind', 'channel', 'subject'])
        .where('kind', '=', 'new-message')
        .execute();
      expect(note).toEqual([
        { kind: 'new-message', channel: 'email', subject: 'New message in the TAC claimant portal' },
      ]);
    });

    it("sanitises an attachment's name as a claimant's upload is: bidi controls removed, control characters replaced", async () => {
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const Filename = 'letter\u202Efdp\u0007\u009B\u2066.pdf';
      const res = await call(
        'POST',
        '/provider/v1/messages',
        message({ Attachments: [{ Filename, ContentBase64: (SAMPLES['letter.pdf'] as Buffer).toString('base64') }] }),
      );
      expect(res.statusCode).toBe(200);
      const page = (await t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 10 })).json();
      const posted = page.Items.find((m: { messageId: string }) => m.messageId === res.json().MessageId);
      expect(posted.Attachments[0].Filename).toBe('letterfdp__.pdf');
      expect(posted.Attachments[0].Filename).toBe(safeFilename(Filename));
      const stored = await t.deps.db
        .selectFrom('files')
        .select('original_name')
        .where('id', '=', posted.Attachments[0].FileID)
        .executeTakeFirstOrThrow();
      expect(stored.original_name).toBe('letterfdp__.pdf');
      const download = await t.post('/api/documentupload/downloadfile', {
        AccessToken: token,
        Identifier: posted.Attachments[0].FileID,
      });
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="letterfdp__.pdf"; filename*=UTF-8''letterfdp__.pdf`,
      );
    });

    it('refuses an attachment whose content is not what its name says, and posts nothing', async () => {
      const count = async () =>
        (
          await t.deps.db
            .selectFrom('inbox_messages')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      const res = await call(
        'POST',
        '/provider/v1/messages',
        message({ Attachments: [{ Filename: 'claim.pdf', ContentBase64: BAD.exeAsPdf.toString('base64') }] }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ path: 'Attachments.0', message: 'Document type is not accepted' });
      expect(await count()).toBe(before);
    });

    it('answers an unknown claim as not found', async () => {
      expect((await call('POST', '/provider/v1/messages', message({ ClaimNumber: '99/99999' }))).statusCode).toBe(404);
    });

    it('does a write once per Idempotency-Key, and refuses the key with another body', async () => {
      const headers = { 'idempotency-key': 'msg-2026-11-21-0001' };
      const [a, b] = [
        await call('POST', '/provider/v1/messages', message({ Subject: 'Once' }), headers),
        await call('POST', '/provider/v1/messages', message({ Subject: 'Once' }), headers),
      ];
      expect(b.json()).toEqual(a.json());
      expect(b.headers['idempotent-replayed']).toBe('true');
      const rows = await t.deps.db.selectFrom('inbox_messages').select('id').where('subject', '=', 'Once').execute();
      expect(rows).toHaveLength(1);
      expect((await call('POST', '/provider/v1/messages', message({ Subject: 'Twice' }), headers)).statusCode).toBe(
        422,
      );
    });

    it('answers two requests with one key at once with one write: the second waits for the first and replays it', async () => {
      const headers = { 'idempotency-key': 'msg-2026-11-21-0002' };
      const answers = await Promise.all([
        call('POST', '/provider/v1/messages', message({ Subject: 'At once' }), headers),
        call('POST', '/provider/v1/messages', message({ Subject: 'At once' }), headers),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.headers['idempotent-replayed'] ?? 'first').sort()).toEqual(['first', 'true']);
      expect(answers[1]?.json()).toEqual(answers[0]?.json());
      const rows = await t.deps.db.selectFrom('inbox_messages').select('id').where('subject', '=', 'At once').execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('sent items and details requests', () => {
    it("sets a sent item's status, which the claimant sees", async () => {
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const { Identifier } = (
        await t.post('/api/documentupload/uploadcontactform', {
          AccessToken: token,
          Category: { Item: 'Payments', ElementNumber: 20 },
          Message: 'When is my payment?',
        })
      ).json();
      const { SentItemId } = (
        await t.post('/api/documentupload/submitcontactform', {
          AccessToken: token,
          FormId: Identifier,
          IdempotencyKey: 'status-test-key',
        })
      ).json();
      const res = await call('PUT', `/provider/v1/sent-items/${SentItemId}/status`, {
        Status: 'In progress',
        Note: 'With the payments team',
      });
      expect(res.json()).toEqual({ Id: SentItemId, Status: 'In progress' });
      const items = (
        await t.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10 })
      ).json().SentItems;
      expect(items.find((s: { Id: string }) => s.Id === SentItemId).Status).toBe('In progress');
      expect((await call('PUT', '/provider/v1/sent-items/nope/status', { Status: 'Completed' })).statusCode).toBe(404);
    });

    it('approving a change request updates My Details and tells the claimant; it can be decided once', async () => {
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const { Identifier } = (
        await t.post('/api/documentupload/uploaddetailsrequest', {
          AccessToken: token,
          FirstName: 'Alexandra',
          MiddleNames: '',
          Surname: 'Citizen',
          DateOfBirth: '15/06/1985',
          Reason: { Id: 4, Item: 'Correction of an error' },
        })
      ).json();
      await t.post('/api/documentupload/submitdetailsrequest', {
        AccessToken: token,
        FormId: Identifier,
        IdempotencyKey: 'details-test-key',
      });
      const pending = (await call('GET', '/provider/v1/details-requests')).json().Items;
      const request = pending.find((r: { Requested: { FirstName: string } }) => r.Requested.FirstName === 'Alexandra');
      expect(request).toMatchObject({ Status: 'pending', Requested: { DateOfBirth: '1985-06-15' } });
      const before = await unread(token);
      // The account view, read (and so cached: decision 031) while the request waits, shows the decision.
      const waiting = (await t.post('/api/account/getaccount', { AccessToken: token })).json();
      expect(waiting.PersonalDetailsPendingSince).not.toBeNull();
      expect(waiting.PersonalDetails.FirstName).not.toBe('Alexandra');
      const decided = await call('POST', `/provider/v1/details-requests/${request.RequestId}/decision`, {
        Decision: 'approved',
      });
      expect(decided.json().Status).toBe('approved');
      const account = (await t.post('/api/account/getaccount', { AccessToken: token })).json();
      expect(account.PersonalDetails).toMatchObject({ FirstName: 'Alexandra', DateOfBirth: '1985-06-15' });
      expect(account.PersonalDetailsPendingSince).toBeNull();
      expect(await unread(token)).toBe(before + 1);
      expect(
        (await call('POST', `/provider/v1/details-requests/${request.RequestId}/decision`, { Decision: 'declined' }))
          .statusCode,
      ).toBe(409);
      const audit = await t.deps.db
        .selectFrom('audit_events')
        .select('changes')
        .where('kind', '=', 'personal_details_change_approved')
        .executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(audit.changes))).toEqual(expect.arrayContaining(['first_name', 'date_of_birth']));
    });
  });

  describe('content', () => {
    it('sets and clears maintenance messages', async () => {
      await call('PUT', '/provider/v1/maintenance', { Messages: ['The portal is being upgraded until 6pm.'] });
      expect((await t.post('/api/maintenance/checkmessage', {})).json()).toHaveLength(1);
      await call('PUT', '/provider/v1/maintenance', { Messages: [] });
      expect((await t.post('/api/maintenance/checkmessage', {})).json()).toEqual([]);
    });

    it('keeps services, dropdown lists and survey questions', async () => {
      expect(
        (
          await call('PUT', '/provider/v1/services/900', {
            Name: 'Hearing aids',
            ExcessApplies: false,
            Icon: 'equipment',
            Html: '<p>We can pay for <em>hearing aids</em>.</p><img src=x onerror=alert(1)>',
            Sort: 5,
          })
        ).statusCode,
      ).toBe(200);
      const list = (await t.app.inject({ method: 'GET', url: '/api/services/servicelist' })).json().approvedService;
      expect(list[0]).toMatchObject({ id: 900, name: 'Hearing aids', ExcessApplies: false, iconToShow: 'equipment' });
      expect((await t.app.inject({ method: 'GET', url: '/api/services/servicedetail/900' })).json().content).toBe(
        '<p>We can pay for <em>hearing aids</em>.</p>',
      );
      const items = [
        { Id: 1, Item: 'Pharmacy', ElementNumber: 10 },
        { Id: 2, Item: 'Home services', ElementNumber: 20 },
        { Id: 3, Item: 'Other', ElementNumber: 30 },
        { Id: 4, Item: 'Physiotherapy', ElementNumber: 15 },
      ];
      expect((await call('PUT', '/provider/v1/lists/ReceiptTypes', { Items: items })).statusCode).toBe(200);
      const shown = (await t.post('/api/dropdownlistdatasource/list', { ListType: 'ReceiptTypes' }))
        .json()
        .Items.map((i: { Item: string }) => i.Item);
      expect(shown).toEqual(['Pharmacy', 'Physiotherapy', 'Home services', 'Other']);
      expect((await call('PUT', '/provider/v1/lists/Nonsense', { Items: items })).statusCode).toBe(400);
      expect((await call('PUT', '/provider/v1/lists/ReceiptTypes', { Items: [items[0], items[0]] })).statusCode).toBe(
        422,
      );
      const questions = [
        {
          Id: 1,
          Html: '<p>How are you?</p>',
          Answers: [
            { Label: 'Well', Value: '1' },
            { Label: 'Not well', Value: '2' },
          ],
        },
      ];
      expect((await call('PUT', '/provider/v1/survey/questions', { Questions: questions })).statusCode).toBe(200);
      const rows = await t.deps.db.selectFrom('survey_questions').select(['id', 'html']).execute();
      expect(rows).toEqual([{ id: 1, html: '<p>How are you?</p>' }]);
    });

    it('stores content sanitised', async () => {
      await call('PUT', '/provider/v1/content/submitdocs', {
        Html: '<p onclick="x()">Send us <strong>documents</strong></p><script>alert(1)</script>',
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/content/submitdocs' });
      expect(res.json().Html).toBe('<p>Send us <strong>documents</strong></p>');
    });
  });
});
