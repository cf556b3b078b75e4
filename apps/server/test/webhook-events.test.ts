/**
 * Every webhook event Type, made by its real producer (each form sent, a registration activated, a
 * survey, an account change, a helper taken on and ended) and delivered to a receiver over HTTP,
 * is what its schema in the contracts (ProviderEvent) says: a producer and its schema that
 * disagree fail here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_LIMITS, ProviderEvent, type ProviderEventType } from '@portal/contracts';
import { newId, newToken } from '../src/lib/crypto.ts';
import * as grants from '../src/modules/helpers/repository.ts';
import { createProviderDelivery } from '../src/modules/provider/delivery.ts';
import { tokenHash } from '../src/modules/session/service.ts';
import { DIALECTS, createTestApp, signInWithClaim, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';
import { multipart } from './multipart.ts';
import { HOME, PHARMACY, SOMEONE } from './reimbursement-samples.ts';
import { SAMPLES } from './samples.ts';
import { schemaDisagreements, startReceiver, type Received } from './webhook-receiver.ts';

const SECRET = 'webhook-secret-of-at-least-32-characters!';
const ALEX = 'alex.citizen@example.com';
const SAM = 'sam.single@example.com';
const OTHER = { Kind: 'Other', Date: '12/11/2026', Description: 'Brace', Provider: 'Physio', Cost: '40' };
describe.each(DIALECTS)('webhook events on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const seen = new Set<string>();
  beforeAll(async () => {
    [t, receiver] = await Promise.all([
      createTestApp(dialect, { ...mail.env(), PUBLIC_URL: 'https://portal.test' }),
      startReceiver(SECRET),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** Delivers what is queued and answers what the receiver got, each checked against its schema. */
  async function delivered(): Promise<Received[]> {
    const worker = createProviderDelivery(
      t.deps,
      { url: receiver.url, secret: SECRET, maxAttempts: 3 },
      { autoStart: false, random: () => 1 },
    );
    await worker.drainOnce();
    const got = receiver.received.splice(0);
    expect(schemaDisagreements(got)).toEqual([]);
    for (const r of got) seen.add(r.type);
    return got;
  }
  /** The Types delivered for a claim, in order (the order is kept per claim, not across claims). */
  const typesOn = (got: Received[], claim: string) => got.filter((r) => r.claim === claim).map((r) => r.type);
  const nth = (got: Received[], type: string, n = 0) => got.filter((r) => r.type === type)[n];
  const dataOf = (r: Received | undefined) => (r?.event.success ? r.event.data.Data : undefined);

  const ok = async (url: string, body: Record<string, unknown>) => {
    const res = await t.post(url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as Record<string, string>;
  };
  const upload = async (token: string, fields: Record<string, string>) => {
    const body = multipart(
      { accessToken: token, ...fields },
      { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return { Filename: 'letter.pdf', FileID: res.json().FileId as string };
  };
  const key = () => `key-${newId()}`;

  async function sendDocuments(token: string, extra: Record<string, unknown> = {}) {
    const file = await upload(token, { FormType: 'documents' });
    const Draft = {
      DocumentType: { Id: 1, Item: 'Medical certificate' },
      Description: 'From Dr Lee',
      Documents: [file],
    };
    const { FormId } = await ok('/api/documentupload/updatedocumentform', { AccessToken: token, Draft });
    return ok('/api/documentupload/submitdocumentform', {
      AccessToken: token,
      FormId,
      Draft,
      Authorised: true,
      IdempotencyKey: key(),
      ...extra,
    });
  }
  async function sendEnquiry(token: string) {
    const { Identifier } = await ok('/api/documentupload/uploadcontactform', {
      AccessToken: token,
      Category: { Item: 'Payments', ElementNumber: 20 },
      Message: 'When is the payment due?',
    });
    await upload(token, { FormType: 'contact', FormId: Identifier as string });
    return ok('/api/documentupload/submitcontactform', {
      AccessToken: token,
      FormId: Identifier,
      IdempotencyKey: key(),
    });
  }
  async function sendReimbursement(token: string, payee: Record<string, unknown>) {
    const file = await upload(token, { FormType: 'reimbursement' });
    const { FormId } = await ok('/api/documentupload/updateform/reimbursement', {
      AccessToken: token,
      Draft: { Step: 'review', Documents: [file] },
    });
    return ok('/api/documentupload/submitreceipts', {
      AccessToken: token,
      FormId,
      IdempotencyKey: key(),
      Receipts: [PHARMACY, HOME, OTHER],
      Agreed: true,
      Documents: [file],
      ...payee,
    });
  }

  it('sends each form kind as its schema says: documents, an answer to one, an enquiry, the authority form, a details request', async () => {
    const alex = await signInWithClaim(t, ALEX, '21/45678');
    const first = await sendDocuments(alex);
    await sendDocuments(alex, { RespondsTo: first.SentItemId });
    await sendEnquiry(alex);
    const authority = multipart({
      accessToken: alex,
      IdempotencyKey: key(),
      SignatureMethod: 'typed',
      TypedName: 'Alex James Citizen',
      Declaration: 'true',
    });
    const signed = await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...authority });
    expect(signed.statusCode, signed.body).toBe(200);
    const sam = await signInWithClaim(t, SAM, '22/11111');
    const { Identifier } = await ok('/api/documentupload/uploaddetailsrequest', {
      AccessToken: sam,
      FirstName: 'Sam',
      MiddleNames: '',
      Surname: 'Married-Name',
      DateOfBirth: '01/02/1985',
      Reason: { Id: 1, Item: 'Marriage' },
    });
    await upload(sam, { FormType: 'details', FormId: Identifier as string });
    await ok('/api/documentupload/submitdetailsrequest', {
      AccessToken: sam,
      FormId: Identifier,
      IdempotencyKey: key(),
    });

    const got = await delivered();
    expect(typesOn(got, '21/45678')).toEqual(['documents', 'documents', 'enquiry', 'authority-form']);
    expect(typesOn(got, '22/11111')).toEqual(['personal-details-request']);
    expect(dataOf(nth(got, 'documents', 1))).toMatchObject({ RespondsTo: first.SentItemId });
    expect(dataOf(nth(got, 'documents'))).toMatchObject({
      Files: [{ Filename: 'letter.pdf', Url: expect.stringMatching(/^https:\/\/portal\.test\/provider\/v1\/files\//) }],
    });
    expect(dataOf(nth(got, 'personal-details-request'))).toMatchObject({
      DateOfBirth: '1985-02-01',
      Reason: 'Marriage',
    });
  });

  it('sends a reimbursement to each payee, with every receipt kind, the account number whole', async () => {
    const sam = await signInWithClaim(t, SAM, '22/11111');
    await sendReimbursement(sam, { PayOther: 0 });
    await sendReimbursement(sam, { PayOther: 1, Payee: SOMEONE });
    await sendReimbursement(sam, { PayOther: 2 });
    const got = await delivered();
    expect(typesOn(got, '22/11111')).toEqual(['reimbursement', 'reimbursement', 'reimbursement']);
    expect(got.map((r) => (dataOf(r) as { Payee: { Kind: string } }).Payee.Kind)).toEqual([
      'claimant',
      'someone-else',
      'provider',
    ]);
    expect(dataOf(nth(got, 'reimbursement', 1))).toMatchObject({
      Payee: { BankAccNo: '987654321' },
      TotalCents: 14250,
    });
    expect(nth(got, 'reimbursement', 1)?.raw).not.toContain('BankAccNoSealed');
  });

  it('sends the self-assessment, and what the registrant typed at activation', async () => {
    const survey = await t.post('/api/nid/nidlogin', {
      ClaimNumber: '12/34567',
      DateOfBirth: '01/02/1980',
      DeviceType: 0,
    });
    const token = survey.json().AccessToken as string;
    const assessment = (await t.post('/api/nid/getnidassessment', { AccessToken: token })).json();
    await ok('/api/nid/updatenidassessment', {
      AccessToken: token,
      FormID: assessment.FormID,
      AcceptedTerms: true,
      Questions: assessment.Questions.map((q: { QuestionId: number; Answers: unknown[] }) => ({
        QuestionId: q.QuestionId,
        CurrentAnswer: q.Answers[0],
      })),
    });
    expect((await t.post('/api/nid/submitnidassessment', { AccessToken: token })).json()).toBe(true);

    const registration = await ok('/api/account/register', {
      Username: 'jordan.doe@example.org',
      DateOfBirth: '01/02/1980',
      FirstName: 'Jordan',
      MiddleName: '',
      LastName: 'Doe',
      TACNumber: '12/34567',
      EmailAddress: 'jordan.new@example.org',
      MobileNumber: '0400000001',
      NewPassword: 'Fresh#Start1',
      ReEnterPassword: 'Fresh#Start1',
      HomeAddress: { PartialAddress: '100 Bourke Street, MELBOURNE VIC 3000' },
      PostalAddress: { PartialAddress: '100 Bourke Street, MELBOURNE VIC 3000' },
    });
    await ok('/api/account/generatesecuritycodeforlogin', { AccessToken: registration.AccessToken });
    const code = codeIn(await mail.smtp.next('jordan.doe@example.com'));
    await ok('/api/account/validatesecuritycodeforlogin', {
      AccessToken: registration.AccessToken,
      SecurityCode: code,
    });

    const got = await delivered();
    expect(typesOn(got, '12/34567')).toEqual(['self-assessment', 'registration-details']);
    expect(dataOf(nth(got, 'self-assessment'))).toMatchObject({ AcceptedTerms: true });
    expect((dataOf(nth(got, 'self-assessment')) as { Answers: unknown[] }).Answers).toHaveLength(
      assessment.Questions.length,
    );
    expect(dataOf(nth(got, 'registration-details'))).toMatchObject({
      EmailAddress: 'jordan.new@example.org',
      ContactsConfirmed: false,
    });
  });

  it("sends the claimant's own change, and a helper's start, submission (ActedBy) and end", async () => {
    const sam = await t.signIn(SAM);
    await ok('/api/account/updatepreferences', { AccessToken: sam, SMS: true, Email: false });
    const claim = await t.deps.db
      .selectFrom('claims')
      .selectAll()
      .where('number', '=', '21/45678')
      .executeTakeFirstOrThrow();
    const alexAccount = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', ALEX)
      .executeTakeFirstOrThrow();
    const invitation = newToken();
    await grants.insertInvitation(t.deps.db, {
      id: newId(),
      claimantAccountId: alexAccount.id,
      claimId: claim.id,
      name: 'Sam Helper',
      contact: 'helper@example.com',
      scope: 'Send',
      endsOn: '2027-01-31',
      tokenHash: tokenHash(invitation),
      expiresAt: t.clock.now() + HELPER_LIMITS.invitationLifetimeMs,
      now: t.clock.now(),
    });
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: invitation });
    await ok('/api/claim/selectclaim', { AccessToken: sam, Number: '21/45678' });
    await sendEnquiry(sam);
    const alex = await t.signIn(ALEX);
    const helpers = (await t.post('/api/helpers/gethelpers', { AccessToken: alex })).json() as {
      Id: string;
      Name: string;
    }[];
    await ok('/api/helpers/end', { AccessToken: alex, Id: helpers.find((h) => h.Name === 'Sam Helper')?.Id as string });

    const got = await delivered();
    expect(typesOn(got, '22/11111')).toEqual(['account-change']);
    expect(typesOn(got, '21/45678')).toEqual(['helper-change', 'enquiry', 'helper-change']);
    expect(dataOf(nth(got, 'account-change'))).toMatchObject({ Change: 'preferences' });
    expect(dataOf(nth(got, 'helper-change'))).toMatchObject({
      Change: 'accepted',
      Name: 'Sam Helper',
      Scope: 'Send',
      EndsOn: '2027-01-31',
    });
    expect(dataOf(nth(got, 'enquiry'))).toMatchObject({ ActedBy: { Name: 'Sam Helper' } });
    expect(dataOf(nth(got, 'helper-change', 1))).toMatchObject({ Change: 'ended' });

    // The schema is strict: a field it does not know, or one it needs and misses, fails.
    const body = nth(got, 'account-change')?.body as { Data: Record<string, unknown> };
    expect(ProviderEvent.safeParse({ ...body, Data: { ...body.Data, Extra: 1 } }).success).toBe(false);
    expect(ProviderEvent.safeParse({ ...body, Data: { Change: 'preferences' } }).success).toBe(false);
    expect(ProviderEvent.safeParse({ ...body, Type: 'enquiry' }).success).toBe(false);
  });

  it('has driven every Type the schema has through its producer', () => {
    const types = ProviderEvent.options.map((o) => o.shape.Type.value) satisfies ProviderEventType[];
    expect([...seen].sort()).toEqual([...types].sort());
  });
});
