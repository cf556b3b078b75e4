/**
 * People who help (decision 041), on SQLite and PostgreSQL: every call of the endpoint table made
 * as a helper of each scope and as a helper of another claim, checked against its declaration;
 * the invitation's lifetime, single use, withdrawal and replay, two accepts racing, the limit of
 * five, ending (one, all, by the end date, by the helper) taking effect on the next request, and
 * the audit of what a helper did.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, ErrorNumber, HELPER_LIMITS, type HelperLevel } from '@portal/contracts';
import { runCli } from '../src/cli/run.ts';
import { newId, newToken } from '../src/lib/crypto.ts';
import * as grants from '../src/modules/helpers/repository.ts';
import * as factors from '../src/modules/security/repository.ts';
import { newSecret, sealSecret } from '../src/modules/security/totp.ts';
import { tokenHash } from '../src/modules/session/service.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { helperFixtures } from './helper-fixtures.ts';
import { nextMatching, useDelivery } from './mail-sink.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

const ALEX = 'alex.citizen@example.com';
const CLAIM = '21/45678';
const OTHER_CLAIM = '19/12345';
const RANK = { View: 0, Send: 1, Act: 2 } as const;
const LEVEL = { view: 0, send: 1, act: 2 } as const;
type Scope = keyof typeof RANK;

describe.each(DIALECTS)('people who help on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ...mail.env(), PUBLIC_URL: 'https://portal.test' });
  });
  afterEach(() => t.close());

  const { ok, accountOf, claimIdOf: claimId, helperChanges, stepUp: stepUpAs } = helperFixtures(() => t, mail);

  /** An invitation written as the claims system's appointment will write it: its token, to take through the API. */
  async function invitation(claimNumber: string, scope: Scope, endsOn: string | null = null): Promise<string> {
    const token = newToken();
    await grants.insertInvitation(t.deps.db, {
      id: newId(),
      claimantAccountId: await accountOf(ALEX),
      claimId: await claimId(claimNumber),
      name: `Helper ${scope}`,
      contact: 'helper@example.com',
      scope,
      endsOn,
      tokenHash: tokenHash(token),
      expiresAt: t.clock.now() + HELPER_LIMITS.invitationLifetimeMs,
      now: t.clock.now(),
    });
    return token;
  }

  /** A confirmed authenticator app on the account, through the factors' owner (the API's set-up is security-factors.test.ts's). */
  async function addAuthenticator(username: string) {
    const id = newId();
    const now = t.clock.now();
    await factors.insertPendingAuthenticator(t.deps.db, {
      id,
      account_id: await accountOf(username),
      secret_enc: sealSecret(t.deps, id, newSecret()),
      confirmed_at: null,
      setup_expires_at: now + 60_000,
      last_step: 0,
      created_at: now,
    });
    await factors.confirmAuthenticator(t.deps.db, id, 1, now);
  }

  /**
   * A helper signed in, holding a grant of that scope on the claim, with the claim selected; an
   * Act helper with the second factor Act needs (helper-appointments.test.ts tests the refusal).
   */
  async function helper(username: string, scope: Scope, claimNumber = CLAIM, endsOn: string | null = null) {
    if (scope === 'Act') await addAuthenticator(username);
    const token = await t.signIn(username);
    await ok('/api/helpers/accept', { AccessToken: token, Invitation: await invitation(claimNumber, scope, endsOn) });
    await ok('/api/claim/selectclaim', { AccessToken: token, Number: claimNumber });
    return token;
  }

  const stepUp = (token: string) => stepUpAs(token, ALEX);

  const claimCalls = Object.entries(ENDPOINTS).filter(([, e]) => e.auth === 'claim');
  const urlOf = (path: string) => path.replace(':type', 'documents');

  it('declares a helper level on claim calls only, and on every claim call of the table', () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      if ('helper' in e) expect(e.auth, name).toBe('claim');
    }
    const declared = claimCalls.filter(([, e]) => 'helper' in e).map(([n]) => n);
    expect(declared.length).toBe(claimCalls.length);
  });

  it.each(['View', 'Send', 'Act'] as const)(
    'a %s helper is let through exactly the claim calls its scope reaches, and refused the others with 160',
    async (scope) => {
      const token = await helper('sam.single@example.com', scope);
      for (const [name, e] of claimCalls) {
        const level = 'helper' in e ? (e.helper as HelperLevel) : undefined;
        const allowed = level !== undefined && RANK[scope] >= LEVEL[level];
        const res = await t.app.inject({
          method: e.method,
          url: urlOf(e.path),
          payload: { AccessToken: token },
          headers: { cookie: '__Host-XSRF-TOKEN=test-csrf-token-value', 'x-xsrf-token': 'test-csrf-token-value' },
        });
        const numbers = res.statusCode === 200 ? [] : errorNumbers(res);
        if (allowed) {
          expect(numbers, `${name} (${level}) as ${scope}`).not.toContain(ErrorNumber.NotForHelpers);
          expect(numbers, `${name} as ${scope}`).not.toContain(ErrorNumber.NoClaimSelected);
        } else {
          expect(numbers, `${name} (${level}) as ${scope}`).toEqual([ErrorNumber.NotForHelpers]);
        }
      }
      // The multipart upload and the authority form, outside the table: Send and Act.
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/documentupload/uploadfile',
        ...multipart(
          { accessToken: token, FormType: 'documents', Description: 'GP letter' },
          { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
        ),
      });
      if (RANK[scope] < RANK.Send) expect(errorNumbers(upload)).toEqual([ErrorNumber.NotForHelpers]);
      else expect(upload.statusCode, upload.body).toBe(200);
    },
  );

  it('answers "not found" to a helper of one of the claimant\'s claims asking for another claim\'s file', async () => {
    const alex = await signInWithClaim(t, ALEX, CLAIM);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/documentupload/uploadfile',
      ...multipart(
        { accessToken: alex, FormType: 'documents', Description: 'GP letter' },
        { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
      ),
    });
    const { FileId } = sent.json() as { FileId: string };
    expect(
      (await t.post('/api/documentupload/getfilecontent', { AccessToken: alex, Identifier: FileId })).statusCode,
    ).toBe(200);
    const token = await helper('sam.single@example.com', 'Act', OTHER_CLAIM);
    for (const url of ['/api/documentupload/getfilecontent', '/api/documentupload/downloadfile']) {
      expect(errorNumbers(await t.post(url, { AccessToken: token, Identifier: FileId })), url).toEqual([
        ErrorNumber.NotFound,
      ]);
    }
  });

  it('answers "not found" to a helper of another claim, for selecting it and for every claim call', async () => {
    const token = await helper('sam.single@example.com', 'Act', OTHER_CLAIM);
    expect(errorNumbers(await t.post('/api/claim/selectclaim', { AccessToken: token, Number: CLAIM }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    // A selection of the claim forged in the session row is refused on every call, as not found.
    await t.deps.db
      .updateTable('sessions')
      .set({ selected_claim_id: await claimId(CLAIM) })
      .execute();
    t.deps.reads.flush();
    for (const [name, e] of claimCalls) {
      const res = await t.post(urlOf(e.path), { AccessToken: token });
      expect(errorNumbers(res), name).toEqual([ErrorNumber.NotFound]);
    }
  });

  it("serves the helper the claimant's claim data, lists the claim as helped, and keeps their own account their own", async () => {
    const alex = await signInWithClaim(t, ALEX, CLAIM);
    const alexMessages = await ok<unknown>('/api/inbox/getmessages', { AccessToken: alex, Offset: 0, Amount: 10 });
    const token = await helper('sam.single@example.com', 'View');
    expect(await ok<unknown>('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 10 })).toEqual(
      alexMessages,
    );
    const claims = await ok<{ Number: string; Helping?: { ClaimantName: string; Scope: string } }[]>(
      '/api/claim/getclaims',
      { AccessToken: token },
    );
    expect(claims.find((c) => c.Number === CLAIM)?.Helping).toMatchObject({
      ClaimantName: 'Alex Citizen',
      Scope: 'View',
    });
    const account = await ok<{ EmailAddress?: string; Username?: string }>('/api/account/getaccount', {
      AccessToken: token,
    });
    expect(JSON.stringify(account)).not.toContain(ALEX);
  });

  it('invites through the Security step-up, sends the link to the contact typed, and the link is taken once', async () => {
    const alex = await signInWithClaim(t, ALEX, CLAIM);
    const body = { ClaimNumber: CLAIM, Name: 'Jo Helper', Email: 'jo.helper@example.com', Scope: 'View' };
    expect(
      errorNumbers(await t.post('/api/helpers/invite', { AccessToken: alex, SecureToken: 'made-up', ...body })),
    ).toEqual([ErrorNumber.SecureTokenRequired]);
    const up = await stepUp(alex);
    const invited = await ok<{ Id: string; State: string }>('/api/helpers/invite', {
      AccessToken: up.AccessToken,
      SecureToken: up.SecureToken,
      ...body,
    });
    expect(invited.State).toBe('Invited');
    // The claims system hears of the invitation, without the contact it went to.
    expect(await helperChanges()).toEqual([
      { Change: 'invited', HelperReference: null, Name: 'Jo Helper', Scope: 'View', EndsOn: null },
    ]);
    const message = await nextMatching(mail.smtp, 'jo.helper@example.com', /invitation=/);
    // The message as sent, quoted-printable: decoded as a mail reader does.
    const text = message.text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = /https:\/\/portal\.test\/helping#invitation=(\S+)/.exec(text)?.[1] ?? '';
    expect(link.length).toBeGreaterThan(20);
    expect(t.logs.join('')).not.toContain(link);
    expect(await ok('/api/helpers/getinvitation', { Invitation: link })).toMatchObject({
      ClaimantName: 'Alex Citizen',
      ClaimNumber: CLAIM,
      Scope: 'View',
    });
    const sam = await t.signIn('sam.single@example.com');
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: link });
    // Spent: a second use, a replay by another account, and the public look-up all find nothing.
    const pat = await t.signIn('pat.trustee@example.com');
    for (const [url, body2] of [
      ['/api/helpers/accept', { AccessToken: sam, Invitation: link }],
      ['/api/helpers/accept', { AccessToken: pat, Invitation: link }],
      ['/api/helpers/getinvitation', { Invitation: link }],
    ] as const) {
      expect(errorNumbers(await t.post(url, body2)), url).toEqual([ErrorNumber.NotFound]);
    }
    const listed = await ok<{ Id: string; State: string; Contact: string }[]>('/api/helpers/gethelpers', {
      AccessToken: up.AccessToken,
    });
    expect(listed).toEqual([expect.objectContaining({ Id: invited.Id, State: 'Active', Contact: 'j***@example.com' })]);
  });

  it('refuses an invitation 14 days old, and one withdrawn', async () => {
    const expired = await invitation(CLAIM, 'View');
    const withdrawn = await invitation(CLAIM, 'View');
    t.clock.advance(HELPER_LIMITS.invitationLifetimeMs);
    const sam = await t.signIn('sam.single@example.com');
    expect(errorNumbers(await t.post('/api/helpers/getinvitation', { Invitation: expired }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    expect(errorNumbers(await t.post('/api/helpers/accept', { AccessToken: sam, Invitation: expired }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    const fresh = await invitation(CLAIM, 'View');
    const alex = await t.signIn(ALEX);
    const pending = (
      await ok<{ Id: string; State: string }[]>('/api/helpers/gethelpers', { AccessToken: alex })
    ).filter((h) => h.State === 'Invited');
    expect(pending).toHaveLength(1);
    await ok('/api/helpers/withdraw', { AccessToken: alex, Id: pending[0]?.Id });
    for (const token of [fresh, withdrawn]) {
      expect(errorNumbers(await t.post('/api/helpers/accept', { AccessToken: sam, Invitation: token }))).toEqual([
        ErrorNumber.NotFound,
      ]);
    }
  });

  it('lets exactly one of two racing accepts take an invitation', async () => {
    const token = await invitation(CLAIM, 'View');
    const [sam, pat] = await Promise.all([t.signIn('sam.single@example.com'), t.signIn('pat.trustee@example.com')]);
    const answers = await Promise.all([
      t.post('/api/helpers/accept', { AccessToken: sam, Invitation: token }),
      t.post('/api/helpers/accept', { AccessToken: pat, Invitation: token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 225]);
    const loser = answers.find((a) => a.statusCode !== 200);
    expect(loser && errorNumbers(loser)).toEqual([ErrorNumber.NotFound]);
    const rows = await t.deps.db.selectFrom('helper_grants').select(['state', 'helper_account_id']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('active');
    // Whatever order two takes of one open invitation reach the database in, the update itself
    // lets one through: the second finds the row no longer open.
    const another = await invitation(CLAIM, 'View');
    const taken = await Promise.all([
      grants.takeInvitation(t.deps.db, tokenHash(another), await accountOf('sam.single@example.com'), t.clock.now()),
      grants.takeInvitation(t.deps.db, tokenHash(another), await accountOf('pat.trustee@example.com'), t.clock.now()),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a sixth helper on a claim', async () => {
    for (let i = 0; i < HELPER_LIMITS.perClaim; i += 1) await invitation(CLAIM, 'View');
    const up = await stepUp(await t.signIn(ALEX));
    const res = await t.post('/api/helpers/invite', {
      AccessToken: up.AccessToken,
      SecureToken: up.SecureToken,
      ClaimNumber: CLAIM,
      Name: 'Sixth Person',
      Mobile: '0412345678',
      Scope: 'View',
    });
    expect(errorNumbers(res)).toEqual([ErrorNumber.HelperLimit]);
    expect(await t.deps.db.selectFrom('helper_grants').select('id').execute()).toHaveLength(HELPER_LIMITS.perClaim);
  });

  it('refuses an eleventh invitation in 24 hours from one claimant, and a fourth to one contact from anyone', async () => {
    let session = '';
    // Each invitation behind its own step-up, which gives the session a new token.
    const invite = async (contact: string) => {
      const up = await stepUp(session);
      session = up.AccessToken;
      return t.post('/api/helpers/invite', {
        AccessToken: up.AccessToken,
        SecureToken: up.SecureToken,
        ClaimNumber: CLAIM,
        Name: 'Kim Helper',
        Email: contact,
        Scope: 'View',
      });
    };
    // Ten sent and withdrawn today: the claim has room, the claimant's day has not.
    for (let i = 0; i < HELPER_LIMITS.invitationsPerClaimantPerDay; i += 1) await invitation(CLAIM, 'View');
    await grants.endGrants(t.deps.db, { claimantAccountId: await accountOf(ALEX) }, ['invited'], t.clock.now());
    const before = await t.deps.db.selectFrom('helper_grants').select('id').execute();
    session = await t.signIn(ALEX);
    expect(errorNumbers(await invite('kim@example.com'))).toEqual([ErrorNumber.InvitationLimit]);
    expect(await t.deps.db.selectFrom('helper_grants').select('id').execute()).toHaveLength(before.length);

    // A day later the claimant may invite again; one contact takes 3 a day however it is typed.
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    session = await t.signIn(ALEX);
    for (const typed of ['kim@example.com', 'Kim@Example.com', ' KIM@example.com']) {
      const res = await invite(typed);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.deps.db.selectFrom('helper_grants').select('id').orderBy('created_at', 'desc').execute();
      await grants.endGrants(t.deps.db, { id: row?.id ?? '' }, ['invited'], t.clock.now());
    }
    expect(errorNumbers(await invite('kim@example.com'))).toEqual([ErrorNumber.InvitationLimit]);
    expect((await invite('lee@example.com')).statusCode).toBe(200);
  });

  it('ends a helper at once: the next request for the claim is refused, and the helper is told', async () => {
    const token = await helper('sam.single@example.com', 'View');
    const read = () => t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 10 });
    expect((await read()).statusCode).toBe(200);
    const alex = await t.signIn(ALEX);
    const [h] = await ok<{ Id: string }[]>('/api/helpers/gethelpers', { AccessToken: alex });
    await ok('/api/helpers/end', { AccessToken: alex, Id: h?.Id });
    expect(errorNumbers(await read())).toEqual([ErrorNumber.NotFound]);
    expect(errorNumbers(await t.post('/api/claim/selectclaim', { AccessToken: token, Number: CLAIM }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    await nextMatching(mail.smtp, 'helper@example.com', /has been ended/);
  });

  it('the claims a helper is shown follow each grant at once, through the cached list (decision 031)', async () => {
    let sam = await t.signIn('sam.single@example.com');
    const helping = async () =>
      (await ok<{ Number: string; Helping?: unknown }[]>('/api/claim/getclaims', { AccessToken: sam }))
        .filter((c) => c.Helping)
        .map((c) => c.Number);
    expect(await helping()).toEqual([]);
    const hits = t.deps.reads.stats.hits;
    expect(await helping()).toEqual([]);
    expect(t.deps.reads.stats.hits).toBeGreaterThan(hits);
    // Taken: listed at once.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date(t.clock.now()));
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: await invitation(CLAIM, 'View', today) });
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: await invitation(OTHER_CLAIM, 'View') });
    expect((await helping()).sort()).toEqual([CLAIM, OTHER_CLAIM].sort());
    // Ended by the claimant: gone at once.
    const alex = await t.signIn(ALEX);
    const grants = await ok<{ Id: string; Name: string }[]>('/api/helpers/gethelpers', { AccessToken: alex });
    const other = await t.deps.db
      .selectFrom('helper_grants')
      .select('id')
      .where('claim_id', '=', await claimId(OTHER_CLAIM))
      .where('state', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(grants.map((g) => g.Id)).toContain(other.id);
    await ok('/api/helpers/end', { AccessToken: alex, Id: other.id });
    expect(await helping()).toEqual([CLAIM]);
    // Past its last day: gone the next day without a write (signed in again: the session has idled out).
    t.clock.advance(24 * 60 * 60 * 1000);
    sam = await t.signIn('sam.single@example.com');
    expect(await helping()).toEqual([]);
  });

  it('"Remove everyone now" ends every helper and invitation at once and tells no helper', async () => {
    const sam = await helper('sam.single@example.com', 'View');
    const pat = await helper('pat.trustee@example.com', 'Send', OTHER_CLAIM);
    const pending = await invitation(CLAIM, 'Send');
    const alex = await t.signIn(ALEX);
    await ok('/api/helpers/endall', { AccessToken: alex });
    for (const token of [sam, pat]) {
      expect(
        errorNumbers(await t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 1 })),
      ).toEqual([ErrorNumber.NotFound]);
    }
    expect(errorNumbers(await t.post('/api/helpers/getinvitation', { Invitation: pending }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    const kinds = (await t.deps.db.selectFrom('notifications').select('kind').execute()).map((n) => n.kind);
    expect(kinds).not.toContain('helper-ended');
    const states = (await t.deps.db.selectFrom('helper_grants').select('state').execute()).map((g) => g.state);
    expect(states).toEqual(['ended', 'ended', 'ended']);
  });

  it('ends access after its last day, and when the helper leaves', async () => {
    const lastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(
      new Date(t.clock.now()),
    );
    const sam = await helper('sam.single@example.com', 'View', CLAIM, lastDay);
    const read = (token: string) => t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 1 });
    expect((await read(sam)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000);
    const sam2 = await t.signIn('sam.single@example.com');
    await t.deps.db
      .updateTable('sessions')
      .set({ selected_claim_id: await claimId(CLAIM) })
      .execute();
    t.deps.reads.flush();
    // Lapsed before any request ended it: no longer listed, selectable or shown active.
    const listed = await ok<{ Number: string; Helping?: unknown }[]>('/api/claim/getclaims', { AccessToken: sam2 });
    expect(listed.filter((c) => c.Helping)).toEqual([]);
    const alex = await t.signIn(ALEX);
    const before = await ok<{ Name: string; State: string }[]>('/api/helpers/gethelpers', { AccessToken: alex });
    expect(before.find((h) => h.Name === 'Helper View')?.State).toBe('Ended');
    expect(errorNumbers(await read(sam2))).toEqual([ErrorNumber.NotFound]);

    const pat = await helper('pat.trustee@example.com', 'View');
    const helping = await ok<{ Number: string; Helping?: { HelperId: string } }[]>('/api/claim/getclaims', {
      AccessToken: pat,
    });
    const id = helping.find((c) => c.Helping)?.Helping?.HelperId;
    await ok('/api/helpers/leave', { AccessToken: pat, Id: id });
    expect(errorNumbers(await read(pat))).toEqual([ErrorNumber.NotFound]);
  });

  it('tells the claims system when help starts and ends, and the claimant when a helper leaves', async () => {
    const changes = helperChanges;
    const sam = await helper('sam.single@example.com', 'View');
    const pat = await helper('pat.trustee@example.com', 'Send');
    const samRef = await accountOf('sam.single@example.com');
    const patRef = await accountOf('pat.trustee@example.com');
    expect(await changes()).toEqual([
      expect.objectContaining({ Change: 'accepted', HelperReference: samRef, Name: 'Helper View' }),
      expect.objectContaining({ Change: 'accepted', HelperReference: patRef, Name: 'Helper Send' }),
    ]);
    // An invitation withdrawn before it was taken is heard as withdrawn, with no helper account yet.
    await invitation(CLAIM, 'View');
    const alex = await t.signIn(ALEX);
    const listed = await ok<{ Id: string; State: string; Name: string }[]>('/api/helpers/gethelpers', {
      AccessToken: alex,
    });
    const open = listed.find((h) => h.State === 'Invited');
    await ok('/api/helpers/withdraw', { AccessToken: alex, Id: open?.Id });
    const samGrant = listed.find((h) => h.Name === 'Helper View' && h.State === 'Active');
    await ok('/api/helpers/end', { AccessToken: alex, Id: samGrant?.Id });
    const helping = await ok<{ Helping?: { HelperId: string } }[]>('/api/claim/getclaims', { AccessToken: pat });
    await ok('/api/helpers/leave', { AccessToken: pat, Id: helping.find((c) => c.Helping)?.Helping?.HelperId });
    expect((await changes()).slice(2)).toEqual([
      expect.objectContaining({ Change: 'withdrawn', HelperReference: null, Name: 'Helper View' }),
      expect.objectContaining({ Change: 'ended', HelperReference: samRef }),
      expect.objectContaining({ Change: 'left', HelperReference: patRef }),
    ]);
    expect(errorNumbers(await t.post('/api/inbox/getunreadmessagecount', { AccessToken: sam }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    const notice = await nextMatching(mail.smtp, 'alex.citizen@example.com', /stopped helping/);
    expect(notice.text).toContain(CLAIM);
  });

  it("lists a claimant's helpers for the operator, and removes everyone at once after a call, telling no helper", async () => {
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const code = await runCli(
        argv,
        { stdout: { write: (s) => out.push(s) }, stderr: { write: (s) => out.push(s) } },
        { deps: t.deps },
      );
      return { code, text: out.join('') };
    };
    const alexAccount = await t.deps.db
      .selectFrom('accounts')
      .select('claimant_id')
      .where('username', '=', ALEX)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('claimants')
      .set({ provider_ref: 'CL-ALEX' })
      .where('id', '=', alexAccount.claimant_id)
      .execute();
    const sam = await helper('sam.single@example.com', 'View');
    await invitation(CLAIM, 'Send');
    const listed = await cli('helpers', 'list', 'CL-ALEX');
    expect(listed.code).toBe(0);
    // The HelperReference of a taken invitation, as `helpers end` takes it; none for one not taken.
    const samRef = await accountOf('sam.single@example.com');
    expect(listed.text).toContain(
      `Helper View (h***@example.com) — claim ${CLAIM}, View, Active, HelperReference ${samRef}`,
    );
    expect(listed.text).toMatch(
      new RegExp(`Helper Send \\(h\\*\\*\\*@example\\.com\\) — claim ${CLAIM}, Send, Invited$`, 'm'),
    );
    expect(listed.text).not.toContain('helper@example.com');

    const sent = await t.deps.db.selectFrom('notifications').select('id').execute();
    const removed = await cli('helpers', 'remove-all', 'CL-ALEX');
    expect(removed).toEqual({ code: 0, text: expect.stringContaining('Ended 2 helpers and invitations of CL-ALEX') });
    expect(errorNumbers(await t.post('/api/inbox/getunreadmessagecount', { AccessToken: sam }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    // Nobody is told: no message was queued by the removal.
    expect(await t.deps.db.selectFrom('notifications').select('id').execute()).toHaveLength(sent.length);
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['kind', 'session_id'])
      .where('kind', '=', 'helpers-ended-all')
      .execute();
    expect(audit).toEqual([{ kind: 'helpers-ended-all', session_id: null }]);
    expect((await cli('helpers', 'list', 'CL-NOBODY')).code).not.toBe(0);
  });

  it("marks a helper's submission with who sent it for the claims system, and tells the claimant", async () => {
    const token = await helper('sam.single@example.com', 'Send');
    const { Identifier } = await ok<{ Identifier: string }>('/api/documentupload/uploadcontactform', {
      AccessToken: token,
      Category: { Item: 'Payments', ElementNumber: 20 },
      Message: 'When is the payment due?',
    });
    const { SentItemId } = await ok<{ SentItemId: string }>('/api/documentupload/submitcontactform', {
      AccessToken: token,
      FormId: Identifier,
      IdempotencyKey: 'helper-sent-key',
    });
    const [event] = await t.deps.db
      .selectFrom('provider_outbox')
      .select(['kind', 'payload'])
      .where('payload', 'like', `%${SentItemId}%`)
      .execute();
    expect(JSON.parse(event?.payload ?? '{}')).toMatchObject({
      SentItemId,
      ActedBy: { HelperReference: await accountOf('sam.single@example.com'), Name: 'Helper Send' },
    });
    // The claimant's own e-mail on record, naming the helper and what was sent, never what it said.
    const notice = await nextMatching(mail.smtp, 'alex.citizen@example.com', /Helper Send/);
    // As a mail reader decodes it (quoted-printable, soft line breaks).
    const text = notice.text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain('Helper Send, who helps you with your claim, sent a message for you');
    expect(text).not.toContain('When is the payment due?');

    // A claimant's own submission carries no ActedBy and tells nobody.
    const alex = await signInWithClaim(t, ALEX, CLAIM);
    const own = await ok<{ Identifier: string }>('/api/documentupload/uploadcontactform', {
      AccessToken: alex,
      Category: { Item: 'Payments', ElementNumber: 20 },
      Message: 'My own question',
    });
    const mine = await ok<{ SentItemId: string }>('/api/documentupload/submitcontactform', {
      AccessToken: alex,
      FormId: own.Identifier,
      IdempotencyKey: 'own-sent-key',
    });
    const [ownEvent] = await t.deps.db
      .selectFrom('provider_outbox')
      .select('payload')
      .where('payload', 'like', `%${mine.SentItemId}%`)
      .execute();
    expect(JSON.parse(ownEvent?.payload ?? '{}')).not.toHaveProperty('ActedBy');
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select('kind')
      .where('kind', '=', 'helper-submission')
      .execute();
    expect(notices).toHaveLength(1);

    // The claimant's Sent items say which the helper sent, by the name the claimant gave them.
    const page = await ok<{ SentItems: { Id: string; SentBy: string | null }[] }>('/api/documentupload/getsentitems', {
      AccessToken: alex,
      Offset: 0,
      Amount: 10,
    });
    const sentBy = new Map(page.SentItems.map((i) => [i.Id, i.SentBy]));
    expect(sentBy.get(SentItemId)).toBe('Helper Send');
    expect(sentBy.get(mine.SentItemId)).toBeNull();
  });

  it("lets an Act helper read the claimant's details and change their landline and addresses for them, never their e-mail or mobile", async () => {
    const alex = await signInWithClaim(t, ALEX, CLAIM);
    const before = await ok<{ ContactDetails: { EmailAddress: string; MobileNumber: string } }>(
      '/api/account/getaccount',
      { AccessToken: alex },
    );
    const sam = await helper('sam.single@example.com', 'Act');
    const res = await t.post('/api/account/getclaimantdetails', { AccessToken: sam });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json() as {
      PersonalDetails: { FirstName: string; Surname: string };
      ContactDetails: Record<string, unknown>;
    };
    // The claimant's name and address; nothing of the contacts their codes go to, or their bank.
    expect(Object.keys(details).sort()).toEqual(['ContactDetails', 'PersonalDetails', 'PersonalDetailsPendingSince']);
    expect(Object.keys(details.ContactDetails).sort()).toEqual([
      'AreAddressesSame',
      'HomeAddressForDB',
      'PhoneNumber',
      'PostalAddressForDB',
    ]);
    expect(details.PersonalDetails).toMatchObject({ FirstName: 'Alex', Surname: 'Citizen' });
    expect(res.body).not.toContain(before.ContactDetails.EmailAddress);
    expect(res.body).not.toContain(before.ContactDetails.MobileNumber);

    const change = (body: Record<string, unknown>) =>
      t.post('/api/account/updateclaimantcontactdetails', { AccessToken: sam, ...body });
    const current = {
      PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '53201234' },
      HomeAddressForDB: details.ContactDetails.HomeAddressForDB,
      PostalAddressForDB: details.ContactDetails.AreAddressesSame ? null : details.ContactDetails.PostalAddressForDB,
      AreAddressesSame: details.ContactDetails.AreAddressesSame,
    };
    // An e-mail or a mobile in the body is refused as an unknown field: they are not the helper's to change.
    for (const extra of [{ EmailAddress: 'sam.single@example.com' }, { MobileNumber: '0400000000' }]) {
      expect(errorNumbers(await change({ ...current, ...extra })), JSON.stringify(extra)).toEqual([
        ErrorNumber.Validation,
      ]);
    }
    expect(
      await t.deps.db.selectFrom('provider_outbox').select('id').where('kind', '=', 'account-change').execute(),
    ).toEqual([]);
    expect((await change(current)).json()).toBe(true);

    // The claimant's record changed; their e-mail and mobile did not; the helper's own account is untouched.
    const after = await ok<{ ContactDetails: Record<string, unknown> }>('/api/account/getaccount', {
      AccessToken: alex,
    });
    expect(after.ContactDetails).toMatchObject({
      EmailAddress: before.ContactDetails.EmailAddress,
      MobileNumber: before.ContactDetails.MobileNumber,
      PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '53201234' },
    });
    const own = await ok<{ ContactDetails: { PhoneNumber: { Number: string } } }>('/api/account/getaccount', {
      AccessToken: sam,
    });
    expect(own.ContactDetails.PhoneNumber.Number).not.toBe('53201234');

    // The claims system hears who did it; the claimant is told, with the helper named.
    const [event] = await t.deps.db
      .selectFrom('provider_outbox')
      .select('payload')
      .where('kind', '=', 'account-change')
      .execute();
    expect(JSON.parse(event?.payload ?? '{}')).toMatchObject({
      Change: 'contact-details',
      Changes: { AreaCode: { from: '', to: '03' }, PhoneNumber: { from: '', to: '****1234' } },
      ActedBy: { HelperReference: await accountOf('sam.single@example.com'), Name: 'Helper Act' },
    });
    const notice = await nextMatching(mail.smtp, ALEX, /contact details were changed/);
    const text = notice.text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain('Your contact details were changed by Helper Act, who helps you with your claim,');
    expect(text).not.toContain('53201234');
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['account_id', 'acting_helper_id', 'kind'])
      .where('kind', 'in', ['contact-details', 'helper:/api/account/updateclaimantcontactdetails'])
      .orderBy('kind')
      .execute();
    expect(audit).toEqual([
      { account_id: await accountOf(ALEX), acting_helper_id: null, kind: 'contact-details' },
      {
        account_id: await accountOf(ALEX),
        acting_helper_id: await accountOf('sam.single@example.com'),
        kind: 'helper:/api/account/updateclaimantcontactdetails',
      },
    ]);
  });

  it('keeps a claimant with no e-mail on record without one when an Act helper changes their address', async () => {
    const claimantId = (
      await t.deps.db
        .selectFrom('accounts')
        .select('claimant_id')
        .where('username', '=', ALEX)
        .executeTakeFirstOrThrow()
    ).claimant_id;
    await t.deps.db.updateTable('claimants').set({ email: null }).where('id', '=', claimantId).execute();
    t.deps.reads.flush();
    const sam = await helper('sam.single@example.com', 'Act');
    const details = await ok<{ ContactDetails: { HomeAddressForDB: unknown } }>('/api/account/getclaimantdetails', {
      AccessToken: sam,
    });
    expect(
      await ok('/api/account/updateclaimantcontactdetails', {
        AccessToken: sam,
        PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '53201234' },
        HomeAddressForDB: details.ContactDetails.HomeAddressForDB,
        PostalAddressForDB: null,
        AreAddressesSame: true,
      }),
    ).toBe(true);
    const row = await t.deps.db
      .selectFrom('claimants')
      .select(['email', 'phone_number'])
      .where('id', '=', claimantId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: null, phone_number: '53201234' });
  });

  it("refuses the claimant's details, and a change of them, to a Send helper", async () => {
    const sam = await helper('sam.single@example.com', 'Send');
    for (const url of ['/api/account/getclaimantdetails', '/api/account/updateclaimantcontactdetails']) {
      expect(errorNumbers(await t.post(url, { AccessToken: sam })), url).toEqual([ErrorNumber.NotForHelpers]);
    }
  });

  it("records each helper call as done by the helper for the claimant, and lists it in the claimant's activity", async () => {
    const token = await helper('sam.single@example.com', 'View');
    await ok('/api/payments/getpayments', { AccessToken: token, Offset: 0, Amount: 10 });
    const rows = await t.deps.db
      .selectFrom('audit_events')
      .select(['account_id', 'acting_helper_id', 'kind'])
      .where('kind', 'like', 'helper:%')
      .execute();
    expect(rows).toEqual([
      {
        account_id: await accountOf(ALEX),
        acting_helper_id: await accountOf('sam.single@example.com'),
        kind: 'helper:/api/payments/getpayments',
      },
    ]);
    const alex = await t.signIn(ALEX);
    const activity = await ok<{ HelperName: string; Call: string }[]>('/api/helpers/getactivity', {
      AccessToken: alex,
    });
    expect(activity).toContainEqual(
      expect.objectContaining({ HelperName: 'Helper View', Call: '/api/payments/getpayments' }),
    );
  });
});
