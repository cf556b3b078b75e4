import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { sealedAt } from '../src/lib/crypto.ts';
import { maskValue } from '../src/modules/audit/repository.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('claims and account on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it("lists only the claimant's own claims, with no location as null", async () => {
    const token = await t.signIn('alex.citizen@example.com');
    const res = await t.post('/api/claim/getclaims', { AccessToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Number: '23/98765', Date: '2023-07-02', Location: null, Selected: false },
      { Number: '21/45678', Date: '2021-03-09', Location: 'Princes Freeway, Werribee VIC', Selected: false },
      { Number: '19/12345', Date: '2019-11-22', Location: 'Geelong VIC', Selected: false },
    ]);
  });

  it('selects and deselects a claim server-side, per session', async () => {
    const token = await t.signIn('alex.citizen@example.com');
    expect(
      (
        await t.post('/api/claim/selectclaim', {
          AccessToken: token,
          Number: '19/12345',
          Date: '2019-11-22',
          Location: 'Geelong VIC',
        })
      ).json(),
    ).toBe(true);
    const claims = (await t.post('/api/claim/getclaims', { AccessToken: token })).json() as {
      Number: string;
      Selected: boolean;
    }[];
    expect(claims.filter((c) => c.Selected).map((c) => c.Number)).toEqual(['19/12345']);
    // Another session of the same claimant has its own selection.
    const other = await t.signIn('alex.citizen@example.com');
    const otherClaims = (await t.post('/api/claim/getclaims', { AccessToken: other })).json() as {
      Selected: boolean;
    }[];
    expect(otherClaims.some((c) => c.Selected)).toBe(false);
    expect((await t.post('/api/claim/deselectclaim', { AccessToken: token })).json()).toBe(true);
    expect(errorNumbers(await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token }))).toEqual([
      ErrorNumber.NoClaimSelected,
    ]);
  });

  it("answers another claimant's claim as not found, and an unknown one the same way", async () => {
    const token = await t.signIn('alex.citizen@example.com');
    const theirs = await t.post('/api/claim/selectclaim', { AccessToken: token, Number: '22/11111' });
    const nobody = await t.post('/api/claim/selectclaim', { AccessToken: token, Number: '99/99999' });
    expect(errorNumbers(theirs)).toEqual([ErrorNumber.NotFound]);
    expect(theirs.body).toBe(nobody.body);
  });

  it('counts unread messages of the selected claim only', async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    expect((await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token })).json()).toBe(2);
    await t.post('/api/claim/selectclaim', { AccessToken: token, Number: '19/12345' });
    expect((await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token })).json()).toBe(1);
    await t.post('/api/claim/selectclaim', { AccessToken: token, Number: '23/98765' });
    expect((await t.post('/api/inbox/getunreadmessagecount', { AccessToken: token })).json()).toBe(0);
  });

  it('returns the account with the bank account number masked to its last 4 digits', async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const res = await t.post('/api/account/getaccount', { AccessToken: token });
    expect(res.statusCode).toBe(200);
    const account = res.json();
    expect(account.PersonalDetails).toEqual({
      Title: 2,
      FirstName: 'Alex',
      MiddleNames: 'James',
      Surname: 'Citizen',
      DateOfBirth: '1985-06-14',
    });
    expect(account.BankAccountDetails).toEqual({
      BankName: 'Commonwealth Bank of Australia',
      AccountName: 'Alex Citizen',
      Bsb: '063-000',
      AccountNumber: '*****6789',
    });
    expect(res.body).not.toContain('123456789');
    expect(account.BankDetailsVerified).toBe(false);
    expect(account.BankDetailsCanEdit).toBe(true);
    expect(account.Preferences).toEqual({ SMS: false, Email: true });
    expect(account.ContactDetails.EmailAddress).toBe('alex.citizen@example.com');
    expect(account.ContactDetails.MobileNumber).toMatch(/^04[0-9]{8}$/);
  });

  it('keeps bank account numbers encrypted at rest', async () => {
    const row = await t.deps.db
      .selectFrom('claimants')
      .select(['id', 'bank_account_number_enc'])
      .where('first_name', '=', 'Alex')
      .executeTakeFirstOrThrow();
    expect(row.bank_account_number_enc).not.toContain('123456789');
    expect(
      t.deps.cipher.decrypt(
        row.bank_account_number_enc as string,
        sealedAt('claimants', 'bank_account_number_enc', row.id),
      ),
    ).toBe('123456789');
  });

  it('marks bank details verified when the banner is closed, and audits the confirmation once', async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const account = (await t.post('/api/account/getaccount', { AccessToken: token })).json();
    const audits = () =>
      t.deps.db
        .selectFrom('audit_events')
        .select(['account_id', 'session_id', 'kind', 'changes', 'at'])
        .where('kind', '=', 'bank-details-confirmed')
        .execute();
    expect(await audits()).toEqual([]);
    expect((await t.post('/api/account/verifybankdetails', { AccessToken: token })).json()).toBe(true);
    expect((await t.post('/api/account/getaccount', { AccessToken: token })).json().BankDetailsVerified).toBe(true);
    const [row, ...more] = await audits();
    expect(more).toEqual([]);
    const session = await t.deps.db
      .selectFrom('sessions')
      .select(['id', 'account_id'])
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: session.account_id, session_id: session.id, at: t.clock.now() });
    // What was confirmed, masked as every audit row is: the BSB and the account number's last digits.
    expect(JSON.parse(String(row?.changes))).toEqual({
      BankDetailsVerified: { from: 'no', to: 'yes' },
      Bsb: { from: maskValue(account.BankAccountDetails.Bsb), to: maskValue(account.BankAccountDetails.Bsb) },
      AccountNumber: {
        from: maskValue(account.BankAccountDetails.AccountNumber.slice(-4)),
        to: maskValue(account.BankAccountDetails.AccountNumber.slice(-4)),
      },
    });
    // Pressed again (another tab, say), it changes nothing and writes nothing.
    expect((await t.post('/api/account/verifybankdetails', { AccessToken: token })).json()).toBe(true);
    expect(await audits()).toHaveLength(1);
  });

  it('blocks bank edits for a State Trustees claim and in the first 48 hours', async () => {
    const pat = await signInWithClaim(t, 'pat.trustee@example.com', '20/22222');
    const patAccount = (await t.post('/api/account/getaccount', { AccessToken: pat })).json();
    expect(patAccount.IsStateTrustee).toBe(true);
    expect(patAccount.BankDetailsCanEdit).toBe(false);

    const fresh = await signInWithClaim(t, 'new.registrant@example.com', '24/33333');
    expect((await t.post('/api/account/getaccount', { AccessToken: fresh })).json().BankDetailsCanEdit).toBe(false);
    t.clock.advance(48 * 3_600_000);
    const later = await signInWithClaim(t, 'new.registrant@example.com', '24/33333');
    expect((await t.post('/api/account/getaccount', { AccessToken: later })).json().BankDetailsCanEdit).toBe(true);
  });
});
