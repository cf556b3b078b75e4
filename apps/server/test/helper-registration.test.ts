/**
 * A helper's own account from an invitation (decision 041), on SQLite and PostgreSQL: registered
 * with the link, activated by a code sent to the contact the invitation went to (never to one the
 * registrant types), then signed in as anyone, the invitation taken with accept. A spent link
 * registers nothing; a username taken, a password that breaks the rules or does not match is the
 * form's error; a registration never activated is cleaned up with the person it made.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber, HELPER_LIMITS } from '@portal/contracts';
import { newId, newToken } from '../src/lib/crypto.ts';
import * as grants from '../src/modules/helpers/repository.ts';
import { removeEndedRecords } from '../src/modules/housekeeping/service.ts';
import { tokenHash } from '../src/modules/session/service.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

const ALEX = 'alex.citizen@example.com';
const CLAIM = '21/45678';
const PAT = {
  Username: 'pat.helper@example.org',
  FirstName: 'Pat',
  LastName: 'Helper',
  NewPassword: 'Fresh#Start1',
  ReEnterPassword: 'Fresh#Start1',
};

describe.each(DIALECTS)('a helper registers from the invitation on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ...mail.env(), PUBLIC_URL: 'https://portal.test' });
  });
  afterEach(() => t.close());

  /** An open invitation from Alex for claim 21/45678, to this contact; its token. */
  async function invitation(contact: string, scope: 'View' | 'Send' = 'View'): Promise<string> {
    const token = newToken();
    const alex = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', ALEX)
      .executeTakeFirstOrThrow();
    const claim = await t.deps.db
      .selectFrom('claims')
      .select('id')
      .where('number', '=', CLAIM)
      .executeTakeFirstOrThrow();
    await grants.insertInvitation(t.deps.db, {
      id: newId(),
      claimantAccountId: alex.id,
      claimId: claim.id,
      name: 'Pat',
      contact,
      scope,
      endsOn: null,
      tokenHash: tokenHash(token),
      expiresAt: t.clock.now() + HELPER_LIMITS.invitationLifetimeMs,
      now: t.clock.now(),
    });
    return token;
  }

  const accountsNamed = (username: string) =>
    t.deps.db
      .selectFrom('accounts')
      .select(['id', 'claimant_id', 'activated'])
      .where('username', '=', username)
      .execute();

  /** Registers, activates with the code from the contact invited, and answers the signed-in token. */
  async function registerAndActivate(token: string, contact: { email?: string; mobile?: string }): Promise<string> {
    const res = await t.post('/api/helpers/register', { ...PAT, Invitation: token });
    expect(res.statusCode, res.body).toBe(200);
    const registration = res.json().AccessToken as string;
    const sent = await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: registration });
    expect(sent.json()).toEqual({ SMS: contact.mobile !== undefined, Email: contact.email !== undefined });
    const code = codeIn(
      contact.email ? await mail.smtp.next(contact.email) : await mail.sms.next(contact.mobile ?? ''),
    );
    const done = await t.post('/api/account/validatesecuritycodeforlogin', {
      AccessToken: registration,
      SecurityCode: code,
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().AccessToken as string;
  }

  it('registers from the link, activates by a code to the e-mail invited, accepts, and reads what the scope allows', async () => {
    const token = await invitation('pat.invited@example.org');
    const offer = await t.post('/api/helpers/getinvitation', { Invitation: token });
    expect(offer.json()).toMatchObject({ ClaimNumber: CLAIM, Scope: 'View', Contact: 'p***@example.org' });

    // The username is where Pat signs in; the code goes to the address the claimant invited.
    const signedIn = await registerAndActivate(token, { email: 'pat.invited@example.org' });
    expect(mail.smtp.messages.filter((m) => m.to === PAT.Username)).toEqual([]);
    const [account] = await accountsNamed(PAT.Username);
    expect(account?.activated).toBe(1);
    const person = await t.deps.db
      .selectFrom('claimants')
      .select(['first_name', 'surname', 'email', 'mobile', 'provider_ref'])
      .where('id', '=', account?.claimant_id ?? '')
      .executeTakeFirstOrThrow();
    expect(person).toEqual({
      first_name: 'Pat',
      surname: 'Helper',
      email: 'pat.invited@example.org',
      mobile: null,
      provider_ref: null,
    });

    // Registering did not take the invitation: Pat has no claim until it is accepted.
    expect((await t.post('/api/claim/getclaims', { AccessToken: signedIn })).json()).toEqual([]);
    const accepted = await t.post('/api/helpers/accept', { AccessToken: signedIn, Invitation: token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().map((c: { Number: string }) => c.Number)).toEqual([CLAIM]);
    expect((await t.post('/api/claim/selectclaim', { AccessToken: signedIn, Number: CLAIM })).statusCode).toBe(200);
    const inbox = await t.post('/api/inbox/getmessages', { AccessToken: signedIn, Offset: 0, Amount: 10 });
    expect(inbox.statusCode, inbox.body).toBe(200);

    // Signing in again with the new password works as for anyone.
    const again = await t.post('/api/account/login', { EmailAddress: PAT.Username, Password: PAT.NewPassword });
    expect(again.json().AccountActivated).not.toBe(0);
  });

  it('sends the code by SMS to the mobile invited', async () => {
    const token = await invitation('0400111222');
    await registerAndActivate(token, { mobile: '0400111222' });
    expect(mail.smtp.messages.filter((m) => m.to === PAT.Username)).toEqual([]);
  });

  it('registers nothing from a link that is unknown, withdrawn, taken or expired', async () => {
    const unknown = await t.post('/api/helpers/register', { ...PAT, Invitation: newToken() });
    expect(errorNumbers(unknown)).toEqual([ErrorNumber.NotFound]);

    const withdrawn = await invitation('pat.invited@example.org');
    await t.deps.db.updateTable('helper_grants').set({ state: 'ended' }).execute();
    expect(errorNumbers(await t.post('/api/helpers/register', { ...PAT, Invitation: withdrawn }))).toEqual([
      ErrorNumber.NotFound,
    ]);

    const late = await invitation('pat.invited@example.org');
    t.clock.advance(HELPER_LIMITS.invitationLifetimeMs + 1);
    expect(errorNumbers(await t.post('/api/helpers/register', { ...PAT, Invitation: late }))).toEqual([
      ErrorNumber.NotFound,
    ]);
    expect(await accountsNamed(PAT.Username)).toEqual([]);
  });

  it('answers a username taken, a weak or unmatched password as the form’s errors, and keeps nothing', async () => {
    const token = await invitation('pat.invited@example.org');
    const people = async () => (await t.deps.db.selectFrom('claimants').select('id').execute()).length;
    const before = await people();

    const taken = await t.post('/api/helpers/register', { ...PAT, Username: ALEX, Invitation: token });
    expect(errorNumbers(taken)).toEqual([ErrorNumber.UsernameTaken]);
    const weak = await t.post('/api/helpers/register', {
      ...PAT,
      NewPassword: 'short',
      ReEnterPassword: 'short',
      Invitation: token,
    });
    expect(weak.statusCode).toBe(225);
    expect(JSON.stringify(weak.json())).toContain('NewPassword');
    const unmatched = await t.post('/api/helpers/register', {
      ...PAT,
      ReEnterPassword: 'Other#Start1',
      Invitation: token,
    });
    expect(JSON.stringify(unmatched.json())).toContain('ReEnterPassword');
    const noName = await t.post('/api/helpers/register', { ...PAT, FirstName: '', Invitation: token });
    expect(JSON.stringify(noName.json())).toContain('FirstName');
    expect(await people()).toBe(before);

    // Two registrations at once with one username: one account, and no person left without one.
    const both = await Promise.all([
      t.post('/api/helpers/register', { ...PAT, Invitation: token }),
      t.post('/api/helpers/register', { ...PAT, Invitation: token }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 225]);
    expect(await accountsNamed(PAT.Username)).toHaveLength(1);
    expect(await people()).toBe(before + 1);
  });

  it('removes a registration never activated, with the person it made, after a month', async () => {
    const token = await invitation('pat.invited@example.org');
    expect((await t.post('/api/helpers/register', { ...PAT, Invitation: token })).statusCode).toBe(200);
    const [account] = await accountsNamed(PAT.Username);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const removed = await removeEndedRecords(t.deps);
    expect(removed.helperPeople).toBe(1);
    expect(await accountsNamed(PAT.Username)).toEqual([]);
    const left = await t.deps.db
      .selectFrom('claimants')
      .select('id')
      .where('id', '=', account?.claimant_id ?? '')
      .execute();
    expect(left).toEqual([]);
    // Every claimant of the claims system is still there.
    expect((await removeEndedRecords(t.deps)).helperPeople).toBe(0);
    expect(
      await t.deps.db.selectFrom('accounts').select('id').where('username', '=', ALEX).executeTakeFirst(),
    ).toBeDefined();
  });
});
