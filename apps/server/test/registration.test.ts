import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorNumber, catalogueMessage } from '@portal/contracts';
import { startOfDay } from '../src/lib/time.ts';
import { IDENTITY_GUESSES } from '../src/modules/registration/identity-guesses.ts';
import { isAtLeast16 } from '../src/modules/registration/service.ts';
import { DIALECTS, KNOWN_DEVICE, PASSWORD, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

const JORDAN = {
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
};

const SAM = {
  FirstName: 'Sam',
  LastName: 'Single',
  DateOfBirth: '30/01/1990',
  ClaimNumber: '22/11111',
  EmailAddress: 'sam.single@example.com',
  MobileNumber: '',
};

describe.each(DIALECTS)('registration and recovery on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, mail.env());
  });
  afterEach(() => t.close());
  const notices = () =>
    t.deps.db
      .selectFrom('notifications')
      .select(['channel', 'kind'])
      .where('kind', '=', 'identity-checks-closed')
      .execute();

  it('registers the demo unregistered claimant, activates by the code sent to the e-mail on record, then signs in', async () => {
    const res = await t.post('/api/account/register', JORDAN);
    expect(res.statusCode, res.body).toBe(200);
    const registration = res.json().AccessToken as string;
    // Not activated yet: signing in answers 0.
    const early = await t.post('/api/account/login', { EmailAddress: JORDAN.Username, Password: JORDAN.NewPassword });
    expect(early.json().AccountActivated).toBe(0);
    expect((await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: registration })).json()).toEqual({
      SMS: false,
      Email: true,
    });
    // The code goes to the e-mail the claims system holds, not the one typed at registration.
    const code = codeIn(await mail.smtp.next('jordan.doe@example.com'));
    const done = await t.post('/api/account/validatesecuritycodeforlogin', {
      AccessToken: registration,
      SecurityCode: code,
    });
    expect(done.statusCode).toBe(200);
    const login = await t.post('/api/account/login', { EmailAddress: JORDAN.Username, Password: JORDAN.NewPassword });
    expect(login.json().AccountActivated).toBe(2);
    const claims = await t.post('/api/claim/getclaims', { AccessToken: login.json().AccessToken });
    expect(claims.json().map((c: { Number: string }) => c.Number)).toEqual(['12/34567']);
  });

  it('writes nothing the registrant typed over the record, and sends it to the claims system at activation', async () => {
    const before = await t.deps.db
      .selectFrom('claimants')
      .selectAll()
      .where('first_name', '=', 'Jordan')
      .executeTakeFirstOrThrow();
    const res = await t.post('/api/account/register', {
      ...JORDAN,
      HomeAddress: { PartialAddress: '1 Spring Street, MELBOURNE VIC 3000' },
    });
    const registration = res.json().AccessToken as string;
    expect(
      await t.deps.db.selectFrom('claimants').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(
      await t.deps.db.selectFrom('provider_outbox').select('kind').where('kind', '=', 'registration-details').execute(),
    ).toEqual([]);
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: registration });
    const code = codeIn(await mail.smtp.next('jordan.doe@example.com'));
    await t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: registration, SecurityCode: code });
    const event = await t.deps.db
      .selectFrom('provider_outbox')
      .select(['payload'])
      .where('kind', '=', 'registration-details')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).toEqual({
      EmailAddress: 'jordan.new@example.org',
      MobileNumber: '0400000001',
      HomeAddress: '1 Spring Street, MELBOURNE VIC 3000',
      PostalAddress: '100 Bourke Street, MELBOURNE VIC 3000',
      // Neither was chosen from the address index (no moniker): not verified.
      HomeAddressVerified: false,
      PostalAddressVerified: false,
      ContactsConfirmed: false,
    });
    expect(
      await t.deps.db.selectFrom('claimants').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('sends the activation code to the mobile on record, never to an e-mail the registrant typed', async () => {
    await t.deps.db
      .updateTable('claimants')
      .set({ email: null, mobile: '0400000099' })
      .where('first_name', '=', 'Jordan')
      .execute();
    const res = await t.post('/api/account/register', { ...JORDAN, EmailAddress: 'someone.else@example.org' });
    const registration = res.json().AccessToken as string;
    expect((await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: registration })).json()).toEqual({
      SMS: true,
      Email: false,
    });
    codeIn(await mail.sms.next('0400000099'));
    expect(mail.smtp.messages.filter((m) => m.to === 'someone.else@example.org')).toEqual([]);
    // Forgot username and forgot password do not accept the typed e-mail either.
    const recovery = {
      FirstName: 'Jordan',
      LastName: 'Doe',
      DateOfBirth: '01/02/1980',
      ClaimNumber: '12/34567',
      EmailAddress: 'someone.else@example.org',
      MobileNumber: '',
    };
    expect(errorNumbers(await t.post('/api/account/forgotpassword', recovery))).toEqual([
      ErrorNumber.InformationNotFound,
    ]);
  });

  it('cannot finish online for a claimant with no contact on record, and changes nothing', async () => {
    await t.deps.db
      .updateTable('claimants')
      .set({ email: null, mobile: null })
      .where('first_name', '=', 'Jordan')
      .execute();
    const before = await t.deps.db
      .selectFrom('claimants')
      .selectAll()
      .where('first_name', '=', 'Jordan')
      .executeTakeFirstOrThrow();
    const res = await t.post('/api/account/register', JORDAN);
    expect(res.json()).toEqual([
      {
        Number: ErrorNumber.NoContactOnRecord,
        Message:
          'We have no email address or mobile number to send your verification code to. Please call us on 1300 654 329 (8:30am to 5:30pm Melbourne time, Monday to Friday) to finish registering.',
      },
    ]);
    expect(await t.deps.db.selectFrom('accounts').select('id').where('claimant_id', '=', before.id).execute()).toEqual(
      [],
    );
    expect(
      await t.deps.db.selectFrom('claimants').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('locks one source (an address, an IPv6 /64) for a claim number; the claimant from another address still gets through', async () => {
    const stranger = (i: number) => `2001:db8:1:2::${(i + 1).toString(16)}`;
    for (let i = 0; i < IDENTITY_GUESSES.source.threshold; i++) {
      const res = await t.post(
        '/api/account/register',
        { ...JORDAN, FirstName: `Guess${i}` },
        { remoteAddress: stranger(i) },
      );
      expect(errorNumbers(res)).toEqual([ErrorNumber.InformationNotFound]);
    }
    // That source is locked for this claim, whichever address of its /64 it uses, and whatever it sends.
    const locked = await t.post('/api/account/register', JORDAN, { remoteAddress: '2001:db8:1:2:ffff::9' });
    expect(errorNumbers(locked)).toEqual([ErrorNumber.RecoveryThrottled]);
    expect(locked.json()[0].Message).toBe(
      'There have been too many attempts for this claim. Please wait 5 minutes and try again, or call us on 1300 654 329.',
    );
    // Another claim from that source is still checked; the claimant from elsewhere registers.
    expect(
      errorNumbers(
        await t.post('/api/account/forgotpassword', { ...SAM, FirstName: 'Samuel' }, { remoteAddress: stranger(0) }),
      ),
    ).toEqual([ErrorNumber.InformationNotFound]);
    expect((await t.post('/api/account/register', JORDAN, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
    // Nobody was told: one source's few guesses are not worth a message.
    expect(await notices()).toEqual([]);
  });

  it("closes a claim number's checks for the day at the ceiling from all sources, says to call, and tells the claimant once", async () => {
    const guesses = (claim: string, from: number, to: number) =>
      Promise.all(
        Array.from({ length: to - from }, (_, k) =>
          t.post(
            '/api/account/register',
            { ...JORDAN, TACNumber: claim, FirstName: `Guess${from + k}` },
            { remoteAddress: `198.51.100.${from + k}` },
          ),
        ),
      );
    const ceiling = IDENTITY_GUESSES.ceilingPerDay;
    for (const res of await guesses(JORDAN.TACNumber, 0, ceiling - 1))
      expect(errorNumbers(res)).toEqual([ErrorNumber.InformationNotFound]);
    expect(await notices()).toEqual([]);
    // The failure that reaches the ceiling is answered as closed, and so is everything after it.
    const [last] = await guesses(JORDAN.TACNumber, ceiling - 1, ceiling);
    const closed = [
      {
        Number: ErrorNumber.IdentityChecksClosed,
        Message:
          'There have been too many attempts for this claim today, so we cannot check these details online until tomorrow. ' +
          'Please call us on 1300 654 329 and we will help you.',
      },
    ];
    expect(last?.json()).toEqual(closed);
    // Even the claimant, with the right details from an address never used: below the ceiling they got through.
    expect((await t.post('/api/account/register', JORDAN, { remoteAddress: '192.0.2.80' })).json()).toEqual(closed);
    expect(
      (
        await t.post(
          '/api/nid/nidlogin',
          { ClaimNumber: JORDAN.TACNumber, DateOfBirth: JORDAN.DateOfBirth, DeviceType: 0 },
          { remoteAddress: '192.0.2.81' },
        )
      ).json(),
    ).toEqual(closed);
    // Told once, on each contact the claims system holds (never one a guesser typed), saying to call.
    const told = await notices();
    expect(told.map((n) => n.channel).sort()).toEqual(['email', 'sms']);
    const email = await mail.smtp.next('jordan.doe@example.com');
    expect(email.text).toContain('tried many times to confirm your identity');
    expect(email.text).toContain('call us on 1300 654 329');
    expect((await mail.sms.next('0467890123')).text).toContain('Please call 1300 654 329');
    expect(mail.smtp.messages.some((m) => m.to === JORDAN.EmailAddress)).toBe(false);

    // A claim number that does not exist is answered the same way, and nobody is told.
    // In parallel: the one whose failure reached the ceiling is answered as closed, the others as not found.
    const unknown = (await guesses('98/76543', 100, 100 + ceiling)).map((r) => errorNumbers(r)[0]);
    expect(unknown.filter((n) => n === ErrorNumber.IdentityChecksClosed)).toHaveLength(1);
    expect(unknown.filter((n) => n === ErrorNumber.InformationNotFound)).toHaveLength(ceiling - 1);
    expect((await guesses('98/76543', 150, 151))[0]?.json()).toEqual(closed);
    expect(await notices()).toHaveLength(2);

    // The checks open again at midnight, Melbourne time.
    const now = t.clock.now();
    t.clock.advance(startOfDay(now) + 24 * 3_600_000 + 2 * 3_600_000 - now);
    expect((await t.post('/api/account/register', JORDAN, { remoteAddress: '192.0.2.80' })).statusCode).toBe(200);
  });

  it('throttles recovery messages and resets per account', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await t.post('/api/account/retrieveusername', SAM, { remoteAddress: `198.51.100.${i}` })).statusCode,
      ).toBe(200);
    expect(errorNumbers(await t.post('/api/account/forgotpassword', SAM, { remoteAddress: '192.0.2.60' }))).toEqual([
      ErrorNumber.RecoveryThrottled,
    ]);
    for (let i = 0; i < 5; i++) await mail.smtp.next('sam.single@example.com');
  });

  it.each([
    ['a wrong date of birth', { DateOfBirth: '02/01/1980' }],
    ['a wrong first name', { FirstName: 'Jordana' }],
    ['a wrong last name', { LastName: 'Dough' }],
    ['an unknown claim', { TACNumber: '98/76543' }],
  ])('refuses %s with the same not-found answer', async (_label, change) => {
    const res = await t.post('/api/account/register', { ...JORDAN, ...change });
    expect(res.json()).toEqual([
      {
        Number: ErrorNumber.InformationNotFound,
        Message: 'Your information could not be found. Please try again or contact the TAC on 1300 654 329',
      },
    ]);
  });

  it('refuses a registrant under 16 with the same answer', async () => {
    const nextYear = new Date(t.clock.now()).getUTCFullYear() - 15;
    await t.deps.db
      .updateTable('claimants')
      .set({ date_of_birth: `${nextYear}-01-01` })
      .where('first_name', '=', 'Jordan')
      .execute();
    const res = await t.post('/api/account/register', { ...JORDAN, DateOfBirth: `01/01/${nextYear}` });
    expect(errorNumbers(res)).toEqual([ErrorNumber.InformationNotFound]);
    expect(isAtLeast16('2010-11-21', '2026-11-21')).toBe(true);
    expect(isAtLeast16('2010-11-22', '2026-11-21')).toBe(false);
  });

  it('refuses a taken username and a second registration', async () => {
    expect(
      errorNumbers(await t.post('/api/account/register', { ...JORDAN, Username: 'alex.citizen@example.com' })),
    ).toEqual([ErrorNumber.UsernameTaken]);
    expect((await t.post('/api/account/register', JORDAN)).statusCode).toBe(200);
    expect(errorNumbers(await t.post('/api/account/register', { ...JORDAN, Username: 'other@example.org' }))).toEqual([
      ErrorNumber.AlreadyRegistered,
    ]);
  });

  it('answers 110 and 111, not a fault, to the loser of two parallel registrations', async () => {
    // A second claimant with no account yet, so two can race for one username.
    const jordan = await t.deps.db
      .selectFrom('claimants')
      .selectAll()
      .where('first_name', '=', 'Jordan')
      .executeTakeFirstOrThrow();
    const claim = await t.deps.db
      .selectFrom('claims')
      .selectAll()
      .where('claimant_id', '=', jordan.id)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('claimants')
      .values({ ...jordan, id: 'casey', first_name: 'Casey' })
      .execute();
    await t.deps.db
      .insertInto('claims')
      .values({ ...claim, id: 'casey-claim', claimant_id: 'casey', number: '12/99999' })
      .execute();
    const CASEY = { ...JORDAN, FirstName: 'Casey', TACNumber: '12/99999' };
    const loser = (answers: LightMyRequestResponse[]) => {
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 225]);
      return answers.findIndex((r) => r.statusCode !== 200);
    };

    const sameUsername = await Promise.all(
      [JORDAN, CASEY].map((who) => t.post('/api/account/register', { ...who, Username: 'shared.name@example.org' })),
    );
    const lost = loser(sameUsername);
    expect(sameUsername[lost]?.json()).toEqual([
      { Number: ErrorNumber.UsernameTaken, Message: catalogueMessage(ErrorNumber.UsernameTaken), Field: 'Username' },
    ]);

    // The claimant who lost is still unregistered: now two registrations of that one claim race.
    const who = lost === 0 ? JORDAN : CASEY;
    const sameClaim = await Promise.all(
      ['one', 'two'].map((n) => t.post('/api/account/register', { ...who, Username: `claimant.${n}@example.org` })),
    );
    expect(errorNumbers(sameClaim[loser(sameClaim)] as LightMyRequestResponse)).toEqual([
      ErrorNumber.AlreadyRegistered,
    ]);
  });

  it('validates the registration form with the spec messages', async () => {
    const res = await t.post('/api/account/register', {
      ...JORDAN,
      Username: 'jordan',
      ReEnterPassword: 'Other#Pass1',
      MobileNumber: '',
      EmailAddress: '',
      HomeAddress: { PartialAddress: 'PO Box 12, MELBOURNE VIC 3001' },
    });
    const messages = (res.json() as { Message: string; Field?: string }[]).map((e) => `${e.Field}: ${e.Message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Username: Username must be an email, try again',
        'HomeAddress: A delivery address such as a PO Box cannot be used as a home address.',
      ]),
    );
  });

  it('sends a forgotten username to the e-mail on record', async () => {
    const res = await t.post('/api/account/retrieveusername', SAM);
    expect(res.json()).toEqual({ SentBy: 'Email' });
    expect((await mail.smtp.next('sam.single@example.com')).text).toContain(
      'Your username for the Transport Accident Commission claimant portal is sam.single@example.com',
    );
    // By SMS when the mobile is what matched.
    const bySms = await t.post('/api/account/retrieveusername', {
      ...SAM,
      EmailAddress: '',
      MobileNumber: '0423456789',
    });
    expect(bySms.json()).toEqual({ SentBy: 'SMS' });
    expect((await mail.sms.next('0423456789')).text).toBe('Your TAC portal username is sam.single@example.com');
    // Details that do not match anything on record.
    expect(
      errorNumbers(await t.post('/api/account/retrieveusername', { ...SAM, EmailAddress: 'someone@example.com' })),
    ).toEqual([56]);
    expect(
      errorNumbers(await t.post('/api/account/retrieveusername', { ...SAM, EmailAddress: '', MobileNumber: '' })),
    ).toEqual([100]);
  });

  it('resets a password only once a code from the channel on record is entered, and tells the claimant', async () => {
    const start = await t.post('/api/account/forgotpassword', SAM);
    expect(start.statusCode).toBe(200);
    // No username in the answer: anyone with Sam's personal details could read it.
    expect(Object.keys(start.json()).sort()).toEqual(['FirstName', 'ResetPasswordToken']);
    const { ResetPasswordToken, FirstName } = start.json();
    expect(FirstName).toBe('Sam');
    const old = await t.signIn('sam.single@example.com');
    const sam = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'sam.single@example.com')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('known_devices')
      .values({ account_id: sam.id, device_id: 'a-browser-sam-used-last-week', verified_at: t.clock.now() })
      .execute();
    const devices = () =>
      t.deps.db
        .selectFrom('known_devices')
        .select('device_id')
        .where('account_id', '=', sam.id)
        .orderBy('device_id')
        .execute();

    const mismatch = await t.post('/api/account/resetpassword', {
      ResetPasswordToken,
      NewPassword: 'New#Secret22',
      ReEnterPassword: 'New#Secret23',
    });
    expect(mismatch.json()[0].Message).toBe("The Password must match the 'Enter New Password' field");

    const reset = await t.post('/api/account/resetpassword', {
      ResetPasswordToken,
      NewPassword: 'New#Secret22',
      ReEnterPassword: 'New#Secret22',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().AccountActivated).toBe(true);
    const verification = reset.json().AccessToken as string;
    // Not a sign-in: the verification token cannot read claims.
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: verification }))).toEqual([
      ErrorNumber.TokenWrongKind,
    ]);
    // Nothing has changed yet: the old session and the old password still work, the new one does not.
    expect((await t.post('/api/claim/getclaims', { AccessToken: old })).statusCode).toBe(200);
    expect(
      (await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: PASSWORD })).json()
        .AccountActivated,
    ).toBe(2);
    expect(
      errorNumbers(
        await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: 'New#Secret22' }),
      ),
    ).toEqual([101]);
    expect((await devices()).length).toBe(2);

    // The code to the registered channel applies it.
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: verification });
    const code = codeIn(await mail.smtp.next('sam.single@example.com'));
    const done = await t.post('/api/account/validatesecuritycodeforlogin', {
      AccessToken: verification,
      SecurityCode: code,
    });
    expect((await t.post('/api/claim/getclaims', { AccessToken: done.json().AccessToken })).statusCode).toBe(200);
    // Every other session has ended; the token is single use; the old password is gone and the new one works.
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: old }))).toEqual([21]);
    expect(
      errorNumbers(
        await t.post('/api/account/resetpassword', {
          ResetPasswordToken,
          NewPassword: 'Again#Secret3',
          ReEnterPassword: 'Again#Secret3',
        }),
      ),
    ).toEqual([56]);
    expect(
      errorNumbers(await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: PASSWORD })),
    ).toEqual([101]);
    // Every browser the account knew is forgotten; the one that entered the code is known anew.
    expect(await devices()).toEqual([{ device_id: KNOWN_DEVICE }]);
    expect(
      (await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: 'New#Secret22' })).json()
        .AccountActivated,
    ).toBe(2);
    // The notice names the change and the time, never the password, and says whom to call.
    const notice = await mail.smtp.next('sam.single@example.com');
    expect(notice.text).toContain(
      'Your password was reset in the Transport Accident Commission claimant portal on 21/11/2026 at 10:00am (Melbourne time).',
    );
    expect(notice.text).toContain('1300 654 329');
    expect(notice.text).not.toContain('New#Secret22');
  });

  it('changes nothing for the claimant when the reset code is never entered, or entered wrong', async () => {
    const { ResetPasswordToken } = (await t.post('/api/account/forgotpassword', SAM)).json();
    const old = await t.signIn('sam.single@example.com');
    const reset = await t.post('/api/account/resetpassword', {
      ResetPasswordToken,
      NewPassword: 'Taken#Over22',
      ReEnterPassword: 'Taken#Over22',
    });
    const verification = reset.json().AccessToken as string;
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: verification });
    const real = codeIn(await mail.smtp.next('sam.single@example.com'));
    const wrong = real === '0000' ? '1111' : '0000';
    for (let i = 0; i < 3; i++)
      await t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: verification, SecurityCode: wrong });
    // The code is spent; even the right one is refused now, and nothing changed.
    expect(
      errorNumbers(
        await t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: verification, SecurityCode: real }),
      ),
    ).toEqual([ErrorNumber.CodeExpired]);
    expect((await t.post('/api/claim/getclaims', { AccessToken: old })).statusCode).toBe(200);
    expect(
      (await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: PASSWORD })).json()
        .AccountActivated,
    ).toBe(2);
    // A held password lapses with its 30 minutes: a code entered later signs in but applies nothing.
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: verification });
    const late = codeIn(await mail.smtp.next('sam.single@example.com'));
    t.clock.advance(30 * 60_000);
    const pending = await t.deps.db
      .selectFrom('reset_tokens')
      .select('pending_password_hash')
      .where('session_id', 'is not', null)
      .execute();
    expect(pending.length).toBe(1);
    expect(late).toMatch(/^\d{4}$/);
    expect(
      (await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: 'Taken#Over22' }))
        .statusCode,
    ).toBe(225);
  });

  it('takes a reset token once when two requests race with it, leaving no second session behind', async () => {
    const { ResetPasswordToken } = (await t.post('/api/account/forgotpassword', SAM)).json();
    const body = { ResetPasswordToken, NewPassword: 'New#Secret22', ReEnterPassword: 'New#Secret22' };
    const answers = await Promise.all([1, 2, 3].map(() => t.post('/api/account/resetpassword', body)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(errorNumbers(r)).toEqual([56]);
    const sam = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'sam.single@example.com')
      .executeTakeFirstOrThrow();
    const live = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', sam.id)
      .where('kind', '=', 'verification')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('accepts a reset token at 29:59', async () => {
    const { ResetPasswordToken } = (await t.post('/api/account/forgotpassword', SAM)).json();
    t.clock.advance(30 * 60_000 - 1000);
    const reset = await t.post('/api/account/resetpassword', {
      ResetPasswordToken,
      NewPassword: 'New#Secret22',
      ReEnterPassword: 'New#Secret22',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses a reset token at 30:00, and one a newer request replaced', async () => {
    const first = (await t.post('/api/account/forgotpassword', SAM)).json().ResetPasswordToken;
    const second = (await t.post('/api/account/forgotpassword', SAM)).json().ResetPasswordToken;
    const body = (token: string) => ({
      ResetPasswordToken: token,
      NewPassword: 'New#Secret22',
      ReEnterPassword: 'New#Secret22',
    });
    expect(errorNumbers(await t.post('/api/account/resetpassword', body(first)))).toEqual([56]);
    t.clock.advance(30 * 60_000);
    expect(errorNumbers(await t.post('/api/account/resetpassword', body(second)))).toEqual([56]);
  });

  it('sends a not-yet-activated account to activation after a reset', async () => {
    const robin = {
      FirstName: 'Robin',
      LastName: 'Pending',
      DateOfBirth: '21/04/1975',
      ClaimNumber: '24/44444',
      EmailAddress: 'robin.pending@example.com',
    };
    const { ResetPasswordToken } = (await t.post('/api/account/forgotpassword', robin)).json();
    const reset = await t.post('/api/account/resetpassword', {
      ResetPasswordToken,
      NewPassword: 'New#Secret22',
      ReEnterPassword: 'New#Secret22',
    });
    expect(reset.json().AccountActivated).toBe(false);
  });
});
