import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeType, ErrorNumber } from '@portal/contracts';
import { THROTTLE } from '../src/modules/account/throttle.ts';
import { sealedAt } from '../src/lib/crypto.ts';
import { DIALECTS, PASSWORD, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { nextCode, nextMatching, useDelivery, type Sink } from './mail-sink.ts';

const ADDRESS = {
  ExperianSingleSelectedLine: '5 Sturt Street, BALLARAT CENTRAL VIC 3350',
  AddressLine1: '5 Sturt Street',
  AddressLine2: 'BALLARAT CENTRAL VIC 3350',
  AddressLine3: '',
};

describe.each(DIALECTS)('account updates on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, mail.env());
  });
  afterEach(() => t.close());

  /** Step-up through a real code: answers the rotated session token and the secure token. */
  async function stepUp(token: string, codeType: number, inbox: Sink, to: string) {
    await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: codeType });
    const code = await nextCode(inbox, to);
    const res = await t.post('/api/account/validatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: codeType,
      SecurityCode: code,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { AccessToken: string; SecureToken: string };
  }
  const audits = () => t.deps.db.selectFrom('audit_events').selectAll().orderBy('at').execute();

  describe('preferences', () => {
    it('saves each toggle, forces e-mail on when both would be off, and audits the change', async () => {
      const token = await t.signIn('sam.single@example.com');
      // Read first, so the account view is cached (decision 031): what follows must be seen through it.
      const before = (await t.post('/api/account/getaccount', { AccessToken: token })).json().Preferences;
      expect(
        (await t.post('/api/account/updatepreferences', { AccessToken: token, SMS: true, Email: false })).json(),
      ).toEqual({ SMS: true, Email: false });
      expect(before).not.toEqual({ SMS: true, Email: false });
      expect((await t.post('/api/account/getaccount', { AccessToken: token })).json().Preferences).toEqual({
        SMS: true,
        Email: false,
      });
      expect(
        (await t.post('/api/account/updatepreferences', { AccessToken: token, SMS: false, Email: false })).json(),
      ).toEqual({ SMS: false, Email: true });
      expect((await t.post('/api/account/getaccount', { AccessToken: token })).json().Preferences).toEqual({
        SMS: false,
        Email: true,
      });
      expect((await audits()).map((a) => a.kind)).toEqual(['preferences', 'preferences']);
    });

    it('keeps the preferences when the claimant lacks a mobile (the boxes are disabled)', async () => {
      await t.deps.db.updateTable('claimants').set({ mobile: null }).where('first_name', '=', 'Sam').execute();
      const token = await t.signIn('sam.single@example.com');
      expect(
        (await t.post('/api/account/updatepreferences', { AccessToken: token, SMS: true, Email: false })).json(),
      ).toEqual({ SMS: false, Email: true });
    });
  });

  describe('password', () => {
    it('refuses a wrong current password with 80', async () => {
      const token = await t.signIn('sam.single@example.com');
      const res = await t.post('/api/account/updatepassword', {
        AccessToken: token,
        OldPassword: 'nope',
        NewPassword: 'New#Secret22',
        ReEnterPassword: 'New#Secret22',
      });
      expect(res.json()).toEqual([
        { Number: ErrorNumber.InvalidCurrentPassword, Message: 'Invalid password. Try again' },
      ]);
    });

    it('throttles wrong current passwords per account like sign-in: locked with 102 even for the right one, until the delay ends', async () => {
      const token = await t.signIn('sam.single@example.com');
      const change = (OldPassword: string) =>
        t.post('/api/account/updatepassword', {
          AccessToken: token,
          OldPassword,
          NewPassword: 'New#Secret22',
          ReEnterPassword: 'New#Secret22',
        });
      for (let i = 0; i < THROTTLE.username.threshold; i++)
        expect(errorNumbers(await change(`wrong-${i}`))).toEqual([ErrorNumber.InvalidCurrentPassword]);
      const locked = await change(PASSWORD);
      expect(errorNumbers(locked)).toEqual([ErrorNumber.LoginThrottled]);
      expect(locked.json()[0].Message).toBe(
        'Too many sign-in attempts. Please wait 30 seconds and try again, or reset your password.',
      );
      // Another account is not locked by it.
      const alex = await t.signIn('alex.citizen@example.com');
      expect(
        errorNumbers(
          await t.post('/api/account/updatepassword', {
            AccessToken: alex,
            OldPassword: 'nope',
            NewPassword: 'New#Secret22',
            ReEnterPassword: 'New#Secret22',
          }),
        ),
      ).toEqual([ErrorNumber.InvalidCurrentPassword]);
      t.clock.advance(THROTTLE.username.baseMs);
      expect((await change(PASSWORD)).json()).toBe(true);
    });

    it('tells the claimant of a password or preference change on every channel on record, and of nothing unchanged', async () => {
      const token = await t.signIn('sam.single@example.com');
      expect(
        (
          await t.post('/api/account/updatepassword', {
            AccessToken: token,
            OldPassword: PASSWORD,
            NewPassword: 'New#Secret22',
            ReEnterPassword: 'New#Secret22',
          })
        ).json(),
      ).toBe(true);
      const email = await nextMatching(mail.smtp, 'sam.single@example.com', /password was changed/);
      expect(email.text).toContain(
        'Your password was changed in the Transport Accident Commission claimant portal on 21/11/2026 at 10:00am (Melbourne time).',
      );
      expect(email.text).not.toContain('New#Secret22');
      expect((await nextMatching(mail.sms, '0423456789', /password was changed/)).text).not.toContain('New#Secret22');
      expect(
        (await t.post('/api/account/updatepreferences', { AccessToken: token, SMS: true, Email: false })).statusCode,
      ).toBe(200);
      await nextMatching(mail.smtp, 'sam.single@example.com', /Your notification preferences were changed/);
      await nextMatching(mail.sms, '0423456789', /notification preferences were changed/);
      // Saving the same choice again changes nothing and tells nobody.
      const before = await t.deps.db
        .selectFrom('notifications')
        .select('id')
        .where('kind', 'like', 'security-notice:%')
        .execute();
      await t.post('/api/account/updatepreferences', { AccessToken: token, SMS: true, Email: false });
      expect(
        await t.deps.db.selectFrom('notifications').select('id').where('kind', 'like', 'security-notice:%').execute(),
      ).toHaveLength(before.length);
    });

    it('checks the rules, changes the password and ends every other session', async () => {
      const other = await t.signIn('sam.single@example.com');
      const token = await t.signIn('sam.single@example.com');
      const weak = await t.post('/api/account/updatepassword', {
        AccessToken: token,
        OldPassword: PASSWORD,
        NewPassword: 'weakpass',
        ReEnterPassword: 'weakpass',
      });
      expect(weak.json()[0]).toMatchObject({ Message: 'Enter a valid password', Field: 'NewPassword' });
      const mismatch = await t.post('/api/account/updatepassword', {
        AccessToken: token,
        OldPassword: PASSWORD,
        NewPassword: 'New#Secret22',
        ReEnterPassword: 'New#Secret23',
      });
      expect(mismatch.json()[0]).toMatchObject({ Message: 'Password must match', Field: 'ReEnterPassword' });
      expect(
        (
          await t.post('/api/account/updatepassword', {
            AccessToken: token,
            OldPassword: PASSWORD,
            NewPassword: 'New#Secret22',
            ReEnterPassword: 'New#Secret22',
          })
        ).json(),
      ).toBe(true);
      expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: other }))).toEqual([
        ErrorNumber.SessionRevoked,
      ]);
      expect((await t.post('/api/claim/getclaims', { AccessToken: token })).statusCode).toBe(200);
      expect(
        (
          await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: 'New#Secret22' })
        ).json().AccountActivated,
      ).toBe(2);
      const [audit] = await audits();
      expect(audit?.changes).not.toContain('New#Secret22');
    });
  });

  describe('bank details', () => {
    const bank = (AccessToken: string, SecureToken: string, extra: Record<string, unknown> = {}) =>
      t.post('/api/account/updatebankaccountdetails', {
        AccessToken,
        AccountName: ' Sam Single ',
        Bsb: '063000',
        AccountNumber: '11223344',
        SecureToken,
        ...extra,
      });

    it('needs a Bank secure token of this session, spent once', async () => {
      const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      expect(errorNumbers(await bank(token, 'made-up'))).toEqual([ErrorNumber.SecureTokenRequired]);
      const mobile = await stepUp(token, CodeType.Mobile, mail.smtp, 'sam.single@example.com');
      expect(errorNumbers(await bank(mobile.AccessToken, mobile.SecureToken))).toEqual([
        ErrorNumber.SecureTokenRequired,
      ]);
      const ok = await stepUp(mobile.AccessToken, CodeType.Bank, mail.smtp, 'sam.single@example.com');
      // The account view cached before the change (decision 031) shows it after.
      const cached = await t.post('/api/account/getaccount', { AccessToken: ok.AccessToken });
      expect(cached.json().BankAccountDetails.AccountNumber).toBe('*****5432');
      expect((await bank(ok.AccessToken, ok.SecureToken)).json()).toBe(true);
      expect(errorNumbers(await bank(ok.AccessToken, ok.SecureToken))).toEqual([ErrorNumber.SecureTokenRequired]);

      const account = await t.post('/api/account/getaccount', { AccessToken: ok.AccessToken });
      expect(account.json().BankAccountDetails).toEqual({
        BankName: 'Commonwealth Bank of Australia',
        AccountName: 'Sam Single',
        Bsb: '063-000',
        AccountNumber: '*****3344',
      });
      expect(account.body).not.toContain('11223344');
      const row = await t.deps.db
        .selectFrom('claimants')
        .select(['id', 'bank_account_number_enc'])
        .where('first_name', '=', 'Sam')
        .executeTakeFirstOrThrow();
      expect(row.bank_account_number_enc).toMatch(new RegExp(`^v3\\.${t.deps.cipher.keyId}\\.`));
      expect(
        t.deps.cipher.decrypt(
          row.bank_account_number_enc as string,
          sealedAt('claimants', 'bank_account_number_enc', row.id),
        ),
      ).toBe('11223344');
      const [audit] = await audits();
      expect(audit?.kind).toBe('bank-details');
      expect(audit?.changes).not.toContain('11223344');
      expect(JSON.parse(audit?.changes ?? '{}').AccountNumber).toEqual({ from: '5432', to: '3344' });
      // The provider hears of it as an event of the selected claim, masked the same way.
      const event = await t.deps.db
        .selectFrom('provider_outbox')
        .select(['kind', 'payload'])
        .where('kind', '=', 'account-change')
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.payload).not.toContain('11223344');
      expect(JSON.parse(event.payload)).toMatchObject({
        Change: 'bank-details',
        Changes: { AccountNumber: { from: '5432', to: '3344' } },
      });
      // And the claimant hears of it on every channel on record, without the number.
      const notice = await nextMatching(mail.smtp, 'sam.single@example.com', /Your bank details were changed/);
      expect(notice.text).not.toContain('11223344');
      expect(notice.text).not.toContain('3344');
      await nextMatching(mail.sms, '0423456789', /bank details were changed/);
    });

    it("refuses another account's secure token", async () => {
      const alex = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const alexBank = await stepUp(alex, CodeType.Bank, mail.smtp, 'alex.citizen@example.com');
      const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      expect(errorNumbers(await bank(sam, alexBank.SecureToken))).toEqual([ErrorNumber.SecureTokenRequired]);
    });

    it('refuses a BSB that does not resolve, a trustee claim, and the first 48 hours', async () => {
      const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
      const samBank = await stepUp(sam, CodeType.Bank, mail.smtp, 'sam.single@example.com');
      expect((await bank(samBank.AccessToken, samBank.SecureToken, { Bsb: '012-003' })).json()).toEqual([
        { Number: 100, Message: 'We cannot find a bank with BSB 012-003. Check the BSB and try again.', Field: 'Bsb' },
      ]);

      const pat = await signInWithClaim(t, 'pat.trustee@example.com', '20/22222');
      expect(errorNumbers(await bank(pat, 'x'))).toEqual([ErrorNumber.BankEditStateTrustee]);
      const fresh = await signInWithClaim(t, 'new.registrant@example.com', '24/33333');
      const locked = await bank(fresh, 'x');
      expect(locked.json()[0].Message).toBe(
        "For security reasons, you can't make changes to your bank account in the first 48 hours after you register. Please try again in 48 hours.",
      );
    });
  });

  describe('bank details belong to the claimant: the strictest of their claims applies', () => {
    const bank = (AccessToken: string) =>
      t.post('/api/account/updatebankaccountdetails', {
        AccessToken,
        AccountName: 'Alex Citizen',
        Bsb: '063000',
        AccountNumber: '11223344',
        SecureToken: 'x',
      });
    const setFlags = (number: string, flags: { bank_edit_allowed?: number; is_state_trustee?: number }) =>
      t.deps.db.updateTable('claims').set(flags).where('number', '=', number).execute();
    const account = async (token: string) => (await t.post('/api/account/getaccount', { AccessToken: token })).json();

    it('a claim with bank edits off locks the bank details while another claim is selected', async () => {
      await setFlags('19/12345', { bank_edit_allowed: 0 });
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      expect(errorNumbers(await bank(token))).toEqual([ErrorNumber.BankEditLocked]);
      expect(await account(token)).toMatchObject({ BankDetailsCanEdit: false, IsStateTrustee: false });
    });

    it('a claim managed by the State Trustees locks the bank details while another claim is selected', async () => {
      await setFlags('23/98765', { is_state_trustee: 1 });
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      expect(errorNumbers(await bank(token))).toEqual([ErrorNumber.BankEditStateTrustee]);
      expect(await account(token)).toMatchObject({ BankDetailsCanEdit: false, IsStateTrustee: true });
    });

    it('with every claim unlocked, the bank details can be edited (the change then needs its code)', async () => {
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      expect(errorNumbers(await bank(token))).toEqual([ErrorNumber.SecureTokenRequired]);
      expect(await account(token)).toMatchObject({ BankDetailsCanEdit: true, IsStateTrustee: false });
    });
  });

  describe('contact details', () => {
    const contact = (AccessToken: string, change: Record<string, unknown> = {}) =>
      t.post('/api/account/updatecontactdetails', {
        AccessToken,
        EmailAddress: 'sam.single@example.com',
        MobileNumber: '0423456789',
        PhoneNumber: { IntlNumber: '61', AreaCode: '', Number: '' },
        HomeAddressForDB: ADDRESS,
        PostalAddressForDB: null,
        AreAddressesSame: true,
        ...change,
      });

    it('changes phone and addresses without a code, and audits masked values', async () => {
      const token = await t.signIn('sam.single@example.com');
      expect(
        (await contact(token, { PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '53201234' } })).json(),
      ).toBe(true);
      const details = (await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails;
      expect(details.PhoneNumber).toEqual({ IntlNumber: '61', AreaCode: '03', Number: '53201234' });
      expect(details.PostalAddressForDB).toEqual(ADDRESS);
      const [audit] = await audits();
      expect(JSON.parse(audit?.changes ?? '{}')).toEqual({
        AreaCode: { from: '', to: '03' },
        PhoneNumber: { from: '', to: '****1234' },
      });
    });

    it('needs an Email token to change the e-mail and a Mobile token to change the mobile', async () => {
      const token = await t.signIn('sam.single@example.com');
      expect(errorNumbers(await contact(token, { EmailAddress: 'sam.new@example.com' }))).toEqual([
        ErrorNumber.SecureTokenRequired,
      ]);
      const emailStep = await stepUp(token, CodeType.Email, mail.sms, '0423456789');
      expect(
        errorNumbers(
          await contact(emailStep.AccessToken, {
            MobileNumber: '0499999999',
            SecureToken: emailStep.SecureToken,
            isSecureUpdate: true,
          }),
        ),
      ).toEqual([ErrorNumber.SecureTokenRequired]);
      const again = await stepUp(emailStep.AccessToken, CodeType.Email, mail.sms, '0423456789');
      expect(
        (
          await contact(again.AccessToken, {
            EmailAddress: ' sam.new@example.com ',
            SecureToken: again.SecureToken,
            isSecureUpdate: true,
          })
        ).json(),
      ).toBe(true);
      expect(
        (await t.post('/api/account/getaccount', { AccessToken: again.AccessToken })).json().ContactDetails
          .EmailAddress,
      ).toBe('sam.new@example.com');
      const audit = (await audits()).at(-1);
      expect(audit?.changes).not.toContain('sam.new@example.com');
      expect(JSON.parse(audit?.changes ?? '{}').EmailAddress).toEqual({
        from: 's***@example.com',
        to: 's***@example.com',
      });
    });

    it('honours the provider flag that disables e-mail edits', async () => {
      await t.deps.db
        .updateTable('claimants')
        .set({ email_edit_disabled: 1 })
        .where('first_name', '=', 'Sam')
        .execute();
      const token = await t.signIn('sam.single@example.com');
      const res = await contact(token, { EmailAddress: 'sam.new@example.com' });
      expect(res.json()[0].Message).toBe(
        'Unfortunately we are not able to update your e-mail address at this time. Please contact the provider to update your details on 1300 654 329.',
      );
    });

    it('tells the claimant of a changed e-mail at the old address and the new one, and by SMS, never naming the new value', async () => {
      const token = await t.signIn('sam.single@example.com');
      const step = await stepUp(token, CodeType.Email, mail.sms, '0423456789');
      expect(
        (
          await contact(step.AccessToken, {
            EmailAddress: 'sam.new@example.com',
            SecureToken: step.SecureToken,
            isSecureUpdate: true,
          })
        ).json(),
      ).toBe(true);
      const changed = /contact details were changed/;
      const oldAddress = await nextMatching(mail.smtp, 'sam.single@example.com', changed);
      const newAddress = await nextMatching(mail.smtp, 'sam.new@example.com', changed);
      const sms = await nextMatching(mail.sms, '0423456789', changed);
      for (const notice of [oldAddress, newAddress]) {
        expect(notice.text).toContain(
          'Your contact details were changed in the Transport Accident Commission claimant portal on 21/11/2026 at 10:00am (Melbourne time).',
        );
        expect(notice.text).toContain('If it was not you, please call us straight away on 1300 654 329');
      }
      // The old address hears of the change, never what it was changed to.
      expect(oldAddress.text).not.toContain('sam.new@example.com');
      expect(sms.text).toBe(
        'TAC portal: your contact details were changed on 21/11/2026 at 10:00am (Melbourne time). Not you? Call 1300 654 329.',
      );
    });

    it.each([
      [
        'an area code without a number',
        { PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '' } },
        'Enter 8 digit phone number',
      ],
      [
        'a PO box as the home address',
        { HomeAddressForDB: { ...ADDRESS, ExperianSingleSelectedLine: 'PO Box 12, MELBOURNE VIC 3001' } },
        'A delivery address such as a PO Box cannot be used as a home address.',
      ],
      [
        'no postal address when not the same',
        { AreAddressesSame: false, PostalAddressForDB: null },
        'Postal address required.',
      ],
      ['a bad e-mail', { EmailAddress: 'sam@' }, 'Enter a valid email address'],
      ['a short mobile', { MobileNumber: '04234' }, 'Enter a valid Australian 10 digit phone number'],
    ])('refuses %s with the spec message', async (_label, change, message) => {
      const token = await t.signIn('sam.single@example.com');
      const messages = (await contact(token, change)).json().map((e: { Message: string }) => e.Message);
      expect(messages).toContain(message);
    });
  });
});
