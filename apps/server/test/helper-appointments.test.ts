/**
 * Helpers the claims system appoints through the provider API (decision 041), on SQLite and
 * PostgreSQL: the appointment's link taken as the claimant's invitation is, a change of scope
 * holding from the helper's next call, Act waiting for a second factor of the helper's own, the
 * end at once, the claim's list, the scope `helpers:write`, another claim's number or reference
 * answering 404, bad bodies 400, the limit of five, the claimant's notice, the events, the
 * Idempotency-Key replay, and the operator's `helpers end`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { ErrorNumber, HELPER_LIMITS, SECURITY_CODE_TYPE, type ProviderScope } from '@portal/contracts';
import { runCli } from '../src/cli/run.ts';
import { newId } from '../src/lib/crypto.ts';
import * as grants from '../src/modules/helpers/repository.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import * as factors from '../src/modules/security/repository.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { helperFixtures } from './helper-fixtures.ts';
import { nextCode, nextMatching, useDelivery } from './mail-sink.ts';

const ALEX = 'alex.citizen@example.com';
const SAM = 'sam.single@example.com';
const CLAIM = '21/45678';
const OTHER_CLAIM = '19/12345';
/** Jo's address, new in each test: the mail sink is shared by the tests, and each reads only its own messages. */
let JO = '';
let tests = 0;
const url = (claim: string, ref?: string) =>
  `/provider/v1/claims/${encodeURIComponent(claim)}/helpers${ref === undefined ? '' : `/${ref}`}`;
const appointment = (extra: Record<string, unknown> = {}) => ({
  Name: 'Jo Guardian',
  EmailAddress: JO,
  Scope: 'View',
  Basis: 'guardian',
  ...extra,
});

type View = { Ref: string | null; HelperReference: string | null; Name: string; Scope: string; State: string };

describe.each(DIALECTS)('helpers appointed by the claims system on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  let key: string;
  beforeEach(async () => {
    tests += 1;
    JO = `jo.guardian.${dialect}.${tests}@example.com`;
    t = await createTestApp(dialect, { ...mail.env(), PUBLIC_URL: 'https://portal.test' });
    key = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: ['helpers:write'] })).key;
  });
  afterEach(() => t.close());

  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: path,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${key}`, ...headers },
    });
  const { ok, accountOf, helperChanges: changes } = helperFixtures(() => t, mail);
  const numbers = (res: LightMyRequestResponse) => (res.statusCode === 200 ? [] : errorNumbers(res));
  const sentOf = async (kind: string) =>
    (await t.deps.db.selectFrom('notifications').select('kind').where('kind', '=', kind).execute()).length;

  /** The link of the next invitation to `to`, as a mail reader decodes it (quoted-printable). */
  async function linkSentTo(to: string): Promise<string> {
    const message = await nextMatching(mail.smtp, to, /invitation=/);
    const text = message.text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = /https:\/\/portal\.test\/helping#invitation=(\S+)/.exec(text)?.[1] ?? '';
    expect(link.length).toBeGreaterThan(20);
    return link;
  }

  /** Appoints Jo with `scope`; Sam's account takes the link and selects the claim. */
  async function appointedHelper(scope: string, ref = 'APPT-1') {
    const res = await call('PUT', url(CLAIM, ref), appointment({ Scope: scope }));
    expect(res.statusCode, res.body).toBe(201);
    const link = await linkSentTo(JO);
    const sam = await t.signIn(SAM);
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: link });
    await ok('/api/claim/selectclaim', { AccessToken: sam, Number: CLAIM });
    return sam;
  }

  const view = (token: string) => t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 5 });
  const send = (token: string) => t.post('/api/documentupload/getdraftdates', { AccessToken: token });
  const act = (token: string) => t.post('/api/account/getauthorityformdata', { AccessToken: token });

  it('appoints: an invited grant with its basis, the link sent as an invitation is, taken by the helper; the claimant told', async () => {
    const res = await call('PUT', url(CLAIM, 'APPT-1'), appointment({ MobileNumber: '0412000111' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      Ref: 'APPT-1',
      HelperReference: null,
      Name: 'Jo Guardian',
      Scope: 'View',
      Basis: 'guardian',
      State: 'Invited',
      AcceptedAt: null,
    });
    const [row] = await t.deps.db
      .selectFrom('helper_grants')
      .select(['state', 'basis', 'provider_ref', 'invited_contact', 'token_expires_at'])
      .execute();
    expect(row).toMatchObject({ state: 'invited', basis: 'guardian', provider_ref: 'APPT-1', invited_contact: JO });
    expect(Number(row?.token_expires_at)).toBe(t.clock.now() + HELPER_LIMITS.invitationLifetimeMs);
    const link = await linkSentTo(JO);
    expect(t.logs.join('')).not.toContain(link);
    const sam = await t.signIn(SAM);
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: link });
    await ok('/api/claim/selectclaim', { AccessToken: sam, Number: CLAIM });
    expect((await view(sam)).statusCode).toBe(200);

    const notice = await nextMatching(mail.smtp, ALEX, /appointed Jo Guardian/);
    expect(notice.text.replace(/=\r?\n/g, '')).toContain('with View access');
    const samRef = await accountOf(SAM);
    expect(await changes()).toEqual([
      expect.objectContaining({ Change: 'appointed', HelperReference: null, Ref: 'APPT-1', Basis: 'guardian' }),
      expect.objectContaining({ Change: 'accepted', HelperReference: samRef, Ref: 'APPT-1', Scope: 'View' }),
    ]);
    // The claimant sees the appointment among their helpers, the contact masked.
    const alex = await t.signIn(ALEX);
    expect(await ok('/api/helpers/gethelpers', { AccessToken: alex })).toEqual([
      expect.objectContaining({ Name: 'Jo Guardian', State: 'Active', Contact: 'j***@example.com' }),
    ]);
  });

  it("changes the scope in place, from the helper's next call, sending no new link; a new contact of an open one gets a new link", async () => {
    const sam = await appointedHelper('View');
    expect(numbers(await send(sam))).toEqual([ErrorNumber.NotForHelpers]);
    const changed = await call('PUT', url(CLAIM, 'APPT-1'), appointment({ Scope: 'Send', EndsOn: '2027-06-30' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ Scope: 'Send', State: 'Active', EndsOn: '2027-06-30' });
    expect(numbers(await send(sam))).not.toContain(ErrorNumber.NotForHelpers);
    expect(await sentOf('helper-invitation')).toBe(1);
    // The same appointment again changes nothing and tells nobody.
    const before = (await changes()).length;
    const again = await call('PUT', url(CLAIM, 'APPT-1'), appointment({ Scope: 'Send', EndsOn: '2027-06-30' }));
    expect(again.statusCode).toBe(200);
    expect(await changes()).toHaveLength(before);
    expect((await changes()).at(-1)).toMatchObject({ Change: 'changed', Scope: 'Send', Ref: 'APPT-1' });
    await nextMatching(mail.smtp, ALEX, /changed the access of Jo Guardian/);

    await call('PUT', url(CLAIM, 'APPT-2'), appointment({ Name: 'Lee Admin', Basis: 'administrator' }));
    const first = await linkSentTo(JO);
    await call(
      'PUT',
      url(CLAIM, 'APPT-2'),
      appointment({ Name: 'Lee Admin', Basis: 'administrator', EmailAddress: 'lee@example.com' }),
    );
    const second = await linkSentTo('lee@example.com');
    const pat = await t.signIn('pat.trustee@example.com');
    expect(errorNumbers(await t.post('/api/helpers/accept', { AccessToken: pat, Invitation: first }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    await ok('/api/helpers/accept', { AccessToken: pat, Invitation: second });
  });

  it('refuses every call of an Act helper without a second factor of their own, until they add an authenticator app', async () => {
    const sam = await appointedHelper('Act');
    for (const res of [await view(sam), await act(sam)]) {
      expect(res.json()).toEqual([
        {
          Number: ErrorNumber.ActNeedsSecondFactor,
          Message: 'Add a passkey or an authenticator app in Sign-in and security before you act for Alex.',
        },
      ]);
    }
    // The helper's own account: a step-up with a code to their own e-mail, then the authenticator.
    await ok('/api/security/sendsecuritycode', { AccessToken: sam });
    const up = await ok<{ AccessToken: string; SecureToken: string }>('/api/security/stepup', {
      AccessToken: sam,
      CodeType: SECURITY_CODE_TYPE,
      Proof: { Method: 'Code', SecurityCode: await nextCode(mail.smtp, SAM) },
    });
    const setup = await ok<{ Secret: string }>('/api/security/setupauthenticator', {
      AccessToken: up.AccessToken,
      SecureToken: up.SecureToken,
    });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.Secret), digits: 6, period: 30, algorithm: 'SHA1' });
    // The step-up's new session token starts with no claim selected.
    await ok('/api/claim/selectclaim', { AccessToken: up.AccessToken, Number: CLAIM });
    // Set up but not confirmed is no factor yet.
    expect(numbers(await act(up.AccessToken))).toEqual([ErrorNumber.ActNeedsSecondFactor]);
    await ok('/api/security/confirmauthenticator', {
      AccessToken: up.AccessToken,
      Code: totp.generate({ timestamp: t.clock.now() }),
    });
    expect((await view(up.AccessToken)).statusCode).toBe(200);
    expect(numbers(await act(up.AccessToken))).toEqual([]);
    // Checked on each request: a factor removed is missed at once.
    await factors.deleteAuthenticator(t.deps.db, await accountOf(SAM));
    expect(numbers(await view(up.AccessToken))).toEqual([ErrorNumber.ActNeedsSecondFactor]);
    // A View or Send helper needs none.
    const pat = await t.signIn('pat.trustee@example.com');
    await call('PUT', url(CLAIM, 'APPT-9'), appointment({ EmailAddress: 'pat.link@example.com', Scope: 'Send' }));
    await ok('/api/helpers/accept', { AccessToken: pat, Invitation: await linkSentTo('pat.link@example.com') });
    await ok('/api/claim/selectclaim', { AccessToken: pat, Number: CLAIM });
    expect((await view(pat)).statusCode).toBe(200);
  });

  it('ends an appointment at once: the next call is not found, the helper is told, the claims system hears it', async () => {
    const sam = await appointedHelper('View');
    expect((await view(sam)).statusCode).toBe(200);
    const ended = await call('DELETE', url(CLAIM, 'APPT-1'));
    expect(ended.statusCode, ended.body).toBe(204);
    expect(ended.body).toBe('');
    expect(errorNumbers(await view(sam))).toEqual([ErrorNumber.NotFound]);
    await nextMatching(mail.smtp, JO, /has been ended/);
    expect((await changes()).at(-1)).toMatchObject({ Change: 'ended', Ref: 'APPT-1' });
    // The claimant is told too: access to their claim changed without them.
    expect(await sentOf('helper-appointment-ended')).toBe(1);
    // Ended stays ended: deleting again does nothing, a change is refused, an unknown reference is 404.
    expect((await call('DELETE', url(CLAIM, 'APPT-1'))).statusCode).toBe(204);
    expect(await sentOf('helper-appointment-ended')).toBe(1);
    expect((await call('PUT', url(CLAIM, 'APPT-1'), appointment())).statusCode).toBe(409);
    const unknown = await call('DELETE', url(CLAIM, 'NOPE'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    // An appointment not yet taken ends too; its link is dead.
    await call('PUT', url(CLAIM, 'APPT-2'), appointment());
    const link = await linkSentTo(JO);
    expect((await call('DELETE', url(CLAIM, 'APPT-2'))).statusCode).toBe(204);
    expect(errorNumbers(await t.post('/api/helpers/getinvitation', { Invitation: link }))).toEqual([
      ErrorNumber.NotFound,
    ]);
  });

  it("lists every helper of the claim, appointed or the claimant's own, and no other claim's", async () => {
    await appointedHelper('Send');
    await grants.insertInvitation(t.deps.db, {
      id: newId(),
      claimantAccountId: await accountOf(ALEX),
      claimId: (await t.deps.db.selectFrom('claims').select('id').where('number', '=', CLAIM).executeTakeFirstOrThrow())
        .id,
      name: 'Kim Invited',
      contact: 'kim@example.com',
      scope: 'View',
      endsOn: null,
      tokenHash: 'x'.repeat(64),
      expiresAt: t.clock.now() + 1000,
      now: t.clock.now() + 1,
    });
    await call('PUT', url(OTHER_CLAIM, 'APPT-1'), appointment({ Name: 'Other Claim' }));
    const res = await call('GET', url(CLAIM));
    expect(res.statusCode, res.body).toBe(200);
    const { Items } = res.json() as { Items: View[] };
    expect(Items).toEqual([
      expect.objectContaining({
        Ref: null,
        HelperReference: null,
        Name: 'Kim Invited',
        Scope: 'View',
        State: 'Invited',
      }),
      expect.objectContaining({
        Ref: 'APPT-1',
        HelperReference: await accountOf(SAM),
        State: 'Active',
        Basis: 'guardian',
      }),
    ]);
    expect(Items.map((i) => i.Name)).not.toContain('Other Claim');
  });

  it('needs helpers:write, and answers 404 for an unknown claim or a reference of another claim', async () => {
    await call('PUT', url(CLAIM, 'APPT-1'), appointment());
    const other = await createApiKey(t.deps.db, t.clock.now(), {
      name: 'reader',
      scopes: ['claimants:read', 'claimants:write'] as ProviderScope[],
    });
    const as = { authorization: `Bearer ${other.key}` };
    for (const res of [
      await call('PUT', url(CLAIM, 'APPT-2'), appointment(), as),
      await call('DELETE', url(CLAIM, 'APPT-1'), undefined, as),
      await call('GET', url(CLAIM), undefined, as),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain('helpers:write');
    }
    expect(await t.deps.db.selectFrom('helper_grants').select('state').execute()).toEqual([{ state: 'invited' }]);
    for (const res of [
      await call('PUT', url('99/99999', 'APPT-1'), appointment()),
      await call('DELETE', url(OTHER_CLAIM, 'APPT-1')),
      await call('DELETE', url('22/11111', 'APPT-1')),
      await call('GET', url('99/99999')),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
    expect(await t.deps.db.selectFrom('helper_grants').select('state').execute()).toEqual([{ state: 'invited' }]);
  });

  it('refuses bad bodies with 400 problems, storing nothing; a sixth helper with 409', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(t.clock.now());
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const bad: [Record<string, unknown>, string][] = [
      [{ Name: 'Jo', Scope: 'View', Basis: 'guardian' }, 'EmailAddress'],
      [appointment({ Scope: 'Admin' }), 'Scope'],
      [appointment({ Basis: 'friend' }), 'Basis'],
      [appointment({ EndsOn: yesterday }), 'EndsOn'],
      [appointment({ EndsOn: '2027-02-30' }), 'EndsOn'],
      [appointment({ Name: '' }), 'Name'],
      [appointment({ Name: 'J'.repeat(61) }), 'Name'],
      [appointment({ Name: 'Jo\nSubject: spoofed' }), 'Name'],
      [appointment({ MobileNumber: '12345' }), 'MobileNumber'],
      [appointment({ Extra: true }), ''],
    ];
    for (const [body, path] of bad) {
      const res = await call('PUT', url(CLAIM, 'APPT-1'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await call('PUT', url(CLAIM, 'bad ref!'), appointment())).statusCode).toBe(400);
    expect((await call('PUT', url(CLAIM, 'APPT-T'), appointment({ EndsOn: today }))).statusCode).toBe(201);
    for (let i = 1; i < HELPER_LIMITS.perClaim; i += 1)
      expect((await call('PUT', url(CLAIM, `APPT-${i}`), appointment())).statusCode).toBe(201);
    const full = await call('PUT', url(CLAIM, 'APPT-6'), appointment());
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toContain('5 people who help');
    expect(await t.deps.db.selectFrom('helper_grants').select('id').execute()).toHaveLength(HELPER_LIMITS.perClaim);
    // The claimant's own invitation still offers no Act.
    const alex = await t.signIn(ALEX);
    const invite = await t.post('/api/helpers/invite', {
      AccessToken: alex,
      SecureToken: 'x',
      ClaimNumber: CLAIM,
      Name: 'Kim',
      Email: 'kim@example.com',
      Scope: 'Act',
    });
    expect(errorNumbers(invite)).toContain(ErrorNumber.Validation);
  });

  it('replays an Idempotency-Key: the same answer and status once, one grant, one link; another body is 422', async () => {
    const headers = { 'idempotency-key': 'appoint-jo-0001' };
    const first = await call('PUT', url(CLAIM, 'APPT-1'), appointment(), headers);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await call('PUT', url(CLAIM, 'APPT-1'), appointment(), headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await t.deps.db.selectFrom('helper_grants').select('id').execute()).toHaveLength(1);
    expect(await sentOf('helper-invitation')).toBe(1);
    expect((await call('PUT', url(CLAIM, 'APPT-1'), appointment({ Scope: 'Send' }), headers)).statusCode).toBe(422);
    const end = { 'idempotency-key': 'end-jo-00000001' };
    expect((await call('DELETE', url(CLAIM, 'APPT-1'), undefined, end)).statusCode).toBe(204);
    const endAgain = await call('DELETE', url(CLAIM, 'APPT-1'), undefined, end);
    expect(endAgain.statusCode).toBe(204);
    expect(endAgain.headers['idempotent-replayed']).toBe('true');
  });

  it("ends one helper from the operator's shell as the claimant's end does, audited with no session", async () => {
    const sam = await appointedHelper('View');
    const alexClaimant = await t.deps.db
      .selectFrom('accounts')
      .select('claimant_id')
      .where('username', '=', ALEX)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('claimants')
      .set({ provider_ref: 'CL-ALEX' })
      .where('id', '=', alexClaimant.claimant_id)
      .execute();
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const code = await runCli(
        argv,
        { stdout: { write: (s) => out.push(s) }, stderr: { write: (s) => out.push(s) } },
        { deps: t.deps },
      );
      return { code, text: out.join('') };
    };
    const samRef = await accountOf(SAM);
    expect((await cli('helpers', 'end', 'CL-ALEX', 'nobody-at-all')).code).toBe(1);
    const done = await cli('helpers', 'end', 'CL-ALEX', samRef);
    expect(done).toEqual({ code: 0, text: expect.stringContaining(`Ended Jo Guardian's access to ${CLAIM}`) });
    expect(errorNumbers(await view(sam))).toEqual([ErrorNumber.NotFound]);
    await nextMatching(mail.smtp, JO, /has been ended by the claimant/);
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['kind', 'session_id'])
      .where('kind', '=', 'helper-ended')
      .execute();
    expect(audit).toEqual([{ kind: 'helper-ended', session_id: null }]);
    expect((await changes()).at(-1)).toMatchObject({ Change: 'ended', HelperReference: samRef });
  });
});
