import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeType, ErrorNumber } from '@portal/contracts';
import { CODE_LIMITS } from '../src/modules/access-code/service.ts';
import { consumeSecureToken } from '../src/modules/access-code/sign-in.ts';
import { authenticate } from '../src/modules/session/service.ts';
import { DIALECTS, PASSWORD, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

describe.each(DIALECTS)('access codes on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, mail.env());
  });
  afterEach(() => t.close());

  const ROBIN = 'robin.pending@example.com';
  async function registrationToken(): Promise<string> {
    const res = await t.post('/api/account/login', { EmailAddress: ROBIN, Password: PASSWORD, RememberMe: false, DeviceType: 0 });
    expect(res.json().AccountActivated).toBe(0);
    return res.json().AccessToken;
  }
  const generate = (token: string, body: Record<string, unknown> = {}) => t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: token, DevType: 0, ...body });
  const validate = (token: string, code: string) => t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: token, SecurityCode: code, DeviceType: 0 });
  const wrong = (code: string) => (code === '0000' ? '0001' : '0000');

  it('activates an account with the code e-mailed to it, and signs in with a new token', async () => {
    const token = await registrationToken();
    const sent = await generate(token);
    expect(sent.json()).toEqual({ SMS: false, Email: true });
    const message = await mail.smtp.next(ROBIN);
    const code = codeIn(message);
    expect(message.text).toContain('expires in 30 minutes');
    expect(sent.body).not.toContain(code);

    const bad = await validate(token, wrong(code));
    expect(bad.json()).toEqual([{ Number: ErrorNumber.CodeIncorrect, Message: 'The activation code is incorrect. Please try again' }]);
    const ok = await validate(token, code);
    expect(ok.statusCode).toBe(200);
    const signedIn = ok.json().AccessToken as string;
    expect(signedIn).not.toBe(token);
    expect((await t.post('/api/claim/getclaims', { AccessToken: signedIn })).statusCode).toBe(200);
    expect(errorNumbers(await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: token }))).toEqual([ErrorNumber.SessionRevoked]);
    // Activated: the next sign-in goes straight in.
    const again = await t.post('/api/account/login', { EmailAddress: ROBIN, Password: PASSWORD, RememberMe: false, DeviceType: 0 });
    expect(again.json().AccountActivated).toBe(2);
    // Single use.
    expect(t.logs.join('')).not.toContain(code);
  });

  it('spends the code on the 3rd wrong attempt; re-sending issues a new code with a fresh count', async () => {
    const token = await registrationToken();
    await generate(token);
    const first = codeIn(await mail.smtp.next(ROBIN));
    expect(errorNumbers(await validate(token, wrong(first)))).toEqual([49]);
    expect(errorNumbers(await validate(token, wrong(first)))).toEqual([49]);
    expect(errorNumbers(await validate(token, wrong(first)))).toEqual([50]);
    expect((await validate(token, first)).json()[0].Message).toBe('code has expired. Please request a new code');

    await generate(token);
    const second = codeIn(await mail.smtp.next(ROBIN));
    if (second !== first) expect(errorNumbers(await validate(token, first))).toEqual([49]);
    expect((await validate(token, second)).statusCode).toBe(200);
  });

  it('expires a code after 30 minutes', async () => {
    const token = await registrationToken();
    await generate(token);
    const code = codeIn(await mail.smtp.next(ROBIN));
    t.clock.advance(30 * 60_000);
    const late = await t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: await registrationToken(), SecurityCode: code });
    expect(errorNumbers(late)).toEqual([50]);
  });

  it('voids the previous code when a new one is sent', async () => {
    const token = await registrationToken();
    await generate(token);
    const old = codeIn(await mail.smtp.next(ROBIN));
    await generate(token);
    const fresh = codeIn(await mail.smtp.next(ROBIN));
    if (old !== fresh) expect(errorNumbers(await validate(token, old))).toEqual([49]);
    expect((await validate(token, fresh)).statusCode).toBe(200);
  });

  it('counts 20 parallel wrong guesses atomically: at most 2 answer "incorrect"', async () => {
    const token = await registrationToken();
    await generate(token);
    const code = codeIn(await mail.smtp.next(ROBIN));
    const answers = await Promise.all(Array.from({ length: 20 }, () => validate(token, wrong(code))));
    const numbers = answers.map((r) => errorNumbers(r)[0]);
    expect(numbers.filter((n) => n === 49).length).toBeLessThanOrEqual(2);
    expect(numbers.every((n) => n === 49 || n === 50)).toBe(true);
    const row = await t.deps.db.selectFrom('access_codes').select(['attempts']).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CODE_LIMITS.maxAttempts);
    expect(errorNumbers(await validate(token, code))).toEqual([50]);
  });

  it('limits codes to 5 an hour and 10 a day', async () => {
    const token = await registrationToken();
    for (let i = 0; i < 5; i++) expect((await generate(token)).statusCode).toBe(200);
    expect(errorNumbers(await generate(token))).toEqual([ErrorNumber.CodeRequestLimit]);
    t.clock.advance(61 * 60_000);
    const later = await registrationToken();
    for (let i = 0; i < 5; i++) expect((await generate(later)).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    const again = await registrationToken();
    expect(errorNumbers(await generate(again))).toEqual([ErrorNumber.CodeRequestLimit]);
  });

  it('locks code entry for the day after 6 wrong guesses, across codes', async () => {
    const token = await registrationToken();
    for (let round = 0; round < 2; round++) {
      await generate(token);
      const code = codeIn(await mail.smtp.next(ROBIN));
      for (let i = 0; i < 3; i++) await validate(token, wrong(code));
    }
    const locked = await generate(token);
    expect(errorNumbers(locked)).toEqual([ErrorNumber.CodeEntryLocked]);
    expect(locked.json()[0].Message).toContain('1300 654 329');
    t.clock.advance(24 * 3_600_000);
    expect((await generate(await registrationToken())).statusCode).toBe(200);
  });

  it('binds a code to its purpose and CodeType', async () => {
    const token = await t.signIn('sam.single@example.com');
    const bank = await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Bank });
    expect(bank.json()).toEqual({ SMS: false, Email: true });
    const code = codeIn(await mail.smtp.next('sam.single@example.com'));
    // Not for another kind of edit.
    const asMobile = await t.post('/api/account/validatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Mobile, SecurityCode: code });
    expect(errorNumbers(asMobile)).toEqual([50]);
    // Not for the login flow (and a signed-in token is the wrong kind there).
    expect(errorNumbers(await validate(token, code))).toEqual([ErrorNumber.TokenWrongKind]);
    const ok = await t.post('/api/account/validatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Bank, SecurityCode: code });
    expect(ok.statusCode).toBe(200);
    const { AccessToken, SecureToken, CodeType: type } = ok.json();
    expect(type).toBe(CodeType.Bank);
    // Step-up rotates the session token.
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: token }))).toEqual([21]);
    const auth = await authenticate(t.deps, AccessToken);
    expect(await consumeSecureToken(t.deps, auth, SecureToken, CodeType.Mobile)).toBe(false);
    expect(await consumeSecureToken(t.deps, auth, SecureToken, CodeType.Bank)).toBe(true);
    expect(await consumeSecureToken(t.deps, auth, SecureToken, CodeType.Bank)).toBe(false);
  });

  it('sends the code for a mobile edit to the e-mail, and for an e-mail edit to the mobile by SMS', async () => {
    const token = await t.signIn('sam.single@example.com');
    const forMobile = await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Mobile });
    expect(forMobile.json()).toEqual({ SMS: false, Email: true });
    await mail.smtp.next('sam.single@example.com');
    const forEmail = await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Email });
    expect(forEmail.json()).toEqual({ SMS: true, Email: false });
    const text = await mail.sms.next('0423456789');
    expect(text.text).toMatch(/code is \d{4}\. It expires in 30 minutes\./);
    expect(mail.sms.authorizations.at(-1)).toBe('Bearer hook-secret');
  });

  it('follows the SMS preference, and answers 86 when there is no channel', async () => {
    await t.deps.db.updateTable('claimants').set({ pref_sms: 1 }).where('first_name', '=', 'Sam').execute();
    const token = await t.signIn('sam.single@example.com');
    expect((await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Bank })).json()).toEqual({ SMS: true, Email: false });
    await t.deps.db.updateTable('claimants').set({ mobile: null }).where('first_name', '=', 'Sam').execute();
    const none = await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Email });
    expect(none.json()).toEqual([{
      Number: ErrorNumber.NoChannelForCode,
      Message: 'Please update your contact details to receive an access code prior to updating your email address or call the provider on 1300 654 329.',
    }]);
  });

  it('keeps the waiting message encrypted and clears its body once delivered', async () => {
    const token = await registrationToken();
    await generate(token);
    const code = codeIn(await mail.smtp.next(ROBIN));
    let row = await t.deps.db.selectFrom('notifications').selectAll().executeTakeFirstOrThrow();
    for (let i = 0; i < 50 && row.sent_at === null; i++) {
      await new Promise((r) => setTimeout(r, 20));
      row = await t.deps.db.selectFrom('notifications').selectAll().executeTakeFirstOrThrow();
    }
    expect(row.sent_at).not.toBeNull();
    expect(row.body_enc).toBeNull();
    expect(row.recipient_enc).not.toContain(ROBIN);
    const stored = await t.deps.db.selectFrom('access_codes').select(['code_hash']).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
