import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeType, ErrorNumber } from '@portal/contracts';
import { hmac, sha256 } from '../src/lib/crypto.ts';
import { CODE_LIMITS } from '../src/modules/access-code/service.ts';
import { consumeSecureToken } from '../src/modules/access-code/sign-in.ts';
import { authenticate } from '../src/modules/session/service.ts';
import { DIALECTS, NEW_BROWSER, PASSWORD, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { codeIn, useDelivery, type Received, type Sink } from './mail-sink.ts';

/**
 * Where `code` appears as a number in its own right inside a parsed JSON value: a run of digits
 * in a string (so '1234' in 'is 1234.' but not in '51234'), or a number written the same way.
 * Keys holding values that are random or come from the machine (a process id, a time, a port, an
 * opaque token) are skipped: a code could match them by chance, which would make the test flaky.
 */
const UNRELATED_KEYS = new Set([
  'time',
  'pid',
  'hostname',
  'reqId',
  'responseTime',
  'remotePort',
  'notification',
  'AccessToken',
  'SecureToken',
]);
function codeMentions(value: unknown, code: string, path = '$'): string[] {
  if (typeof value === 'string') return new RegExp(`(?<![0-9])${code}(?![0-9])`).test(value) ? [path] : [];
  if (typeof value === 'number') return String(value) === code ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => codeMentions(v, code, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      UNRELATED_KEYS.has(k) ? [] : codeMentions(v, code, `${path}.${k}`),
    );
  }
  return [];
}

/** An SMS webhook that can be made to fail: it keeps every message it is sent, and which it accepted. */
async function startFlakySmsHook() {
  const tried: Received[] = [];
  const accepted: Received[] = [];
  const hook = { down: true, tried, accepted, url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string };
      const m = { to: body.to, text: body.message };
      tried.push(m);
      if (hook.down) return void res.writeHead(503).end();
      accepted.push(m);
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  hook.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return hook;
}

/**
 * Passes over messages earlier tests left unread: a re-sent code's message may or may not have
 * gone out before it was withdrawn, so how many there are is not known in advance.
 */
async function skipUnread(sink: Sink, to: string): Promise<void> {
  for (;;) {
    try {
      await sink.next(to, 0);
    } catch {
      return;
    }
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(DIALECTS)('access codes on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  const ROBIN = 'robin.pending@example.com';
  beforeEach(async () => {
    await Promise.all([
      skipUnread(mail.smtp, ROBIN),
      skipUnread(mail.smtp, 'sam.single@example.com'),
      skipUnread(mail.sms, '0423456789'),
    ]);
    t = await createTestApp(dialect, mail.env());
  });
  afterEach(() => t.close());

  async function registrationToken(): Promise<string> {
    const res = await t.post('/api/account/login', {
      EmailAddress: ROBIN,
      Password: PASSWORD,
      RememberMe: false,
      DeviceType: 0,
    });
    expect(res.json().AccountActivated).toBe(0);
    return res.json().AccessToken;
  }
  const generate = (token: string, body: Record<string, unknown> = {}) =>
    t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: token, DevType: 0, ...body });
  const validate = (token: string, code: string) =>
    t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: token, SecurityCode: code, DeviceType: 0 });
  const wrong = (code: string) => (code === '0000' ? '0001' : '0000');

  it('activates an account with the code e-mailed to it, and signs in with a new token', async () => {
    const token = await registrationToken();
    const sent = await generate(token);
    expect(sent.json()).toEqual({ SMS: false, Email: true });
    const message = await mail.smtp.next(ROBIN);
    const code = codeIn(message);
    expect(message.text).toContain('expires in 30 minutes');

    const bad = await validate(token, wrong(code));
    expect(bad.json()).toEqual([
      { Number: ErrorNumber.CodeIncorrect, Message: 'The verification code is incorrect. Please try again' },
    ]);
    const ok = await validate(token, code);
    expect(ok.statusCode).toBe(200);
    const signedIn = ok.json().AccessToken as string;
    expect(signedIn).not.toBe(token);
    expect((await t.post('/api/claim/getclaims', { AccessToken: signedIn })).statusCode).toBe(200);
    expect(errorNumbers(await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: token }))).toEqual([
      ErrorNumber.SessionRevoked,
    ]);
    // Activated: the next sign-in goes straight in.
    const again = await t.post('/api/account/login', {
      EmailAddress: ROBIN,
      Password: PASSWORD,
      RememberMe: false,
      DeviceType: 0,
    });
    expect(again.json().AccountActivated).toBe(2);
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

  it('accepts a code at 29:59', async () => {
    await generate(await registrationToken());
    const code = codeIn(await mail.smtp.next(ROBIN));
    t.clock.advance(30 * 60_000 - 1000);
    // A new token: the first one's 20-minute idle time-out has passed.
    expect((await validate(await registrationToken(), code)).statusCode).toBe(200);
  });

  it('refuses a code at 30:00 (expired: the 50 answer)', async () => {
    await generate(await registrationToken());
    const code = codeIn(await mail.smtp.next(ROBIN));
    t.clock.advance(30 * 60_000);
    const late = await validate(await registrationToken(), code);
    expect(late.json()).toEqual([
      { Number: ErrorNumber.CodeExpired, Message: 'code has expired. Please request a new code' },
    ]);
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
    // 109: guesses that raced past the code's own check still spend the day's budget (decision 006).
    expect(numbers.every((n) => n === 49 || n === 50 || n === ErrorNumber.CodeEntryLocked)).toBe(true);
    const row = await t.deps.db.selectFrom('access_codes').select(['attempts']).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CODE_LIMITS.maxAttempts);
    const right = errorNumbers(await validate(token, code))[0];
    expect([50, ErrorNumber.CodeEntryLocked]).toContain(right);
  });

  it('limits codes to 5 an hour and 10 a day, and says when more can be asked for', async () => {
    // The test clock starts at 10:00am on Saturday 21 November in Melbourne (2026-11-20T23:00Z).
    const said = async (token: string) => (await generate(token)).json() as Array<{ Number: number; Message: string }>;
    const token = await registrationToken();
    for (let i = 0; i < 5; i++) expect((await generate(token)).statusCode).toBe(200);
    expect(await said(token)).toEqual([
      {
        Number: ErrorNumber.CodeRequestLimit,
        Message:
          'You have asked for too many codes. You can ask for another after 11:00am, or call us on 1300 654 329.',
      },
    ]);
    t.clock.advance(61 * 60_000);
    const later = await registrationToken();
    for (let i = 0; i < 5; i++) expect((await generate(later)).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    const again = await registrationToken();
    expect(await said(again)).toEqual([
      {
        Number: ErrorNumber.CodeRequestLimit,
        Message:
          'You have asked for too many codes. You can ask for another after 10:00am on Sunday 22 November, or call us on 1300 654 329.',
      },
    ]);
  });

  it('holds the 5-an-hour cap under 12 parallel requests', async () => {
    const token = await registrationToken();
    const answers = await Promise.all(Array.from({ length: 12 }, () => generate(token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(CODE_LIMITS.perHour);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => errorNumbers(r)[0])).toEqual(
      Array(12 - CODE_LIMITS.perHour).fill(ErrorNumber.CodeRequestLimit),
    );
    const codes = await t.deps.db.selectFrom('access_codes').select('id').execute();
    expect(codes).toHaveLength(CODE_LIMITS.perHour);
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

  it('counts a wrong guess against the day it is made on, not the day its code was issued', async () => {
    const guessesOn = async (day: string) =>
      (await t.deps.db.selectFrom('code_guesses').select('wrong').where('day', '=', day).executeTakeFirst())?.wrong;
    // 23:50 in Melbourne: five wrong guesses over two codes.
    t.clock.set(Date.parse('2026-11-21T12:50:00Z'));
    let token = await registrationToken();
    await generate(token);
    const a = codeIn(await mail.smtp.next(ROBIN));
    for (const expected of [49, 49, 50]) expect(errorNumbers(await validate(token, wrong(a)))).toEqual([expected]);
    await generate(token);
    const b = codeIn(await mail.smtp.next(ROBIN));
    for (let i = 0; i < 2; i++) expect(errorNumbers(await validate(token, wrong(b)))).toEqual([49]);
    expect(await guessesOn('2026-11-21')).toBe(5);

    // 00:05 the next day: the guesses at the code issued yesterday count today; six in all, then locked.
    t.clock.set(Date.parse('2026-11-21T13:05:00Z'));
    token = await registrationToken();
    expect(errorNumbers(await validate(token, wrong(b)))).toEqual([50]);
    await generate(token);
    const c = codeIn(await mail.smtp.next(ROBIN));
    for (const expected of [49, 49, 50]) expect(errorNumbers(await validate(token, wrong(c)))).toEqual([expected]);
    await generate(token);
    const d = codeIn(await mail.smtp.next(ROBIN));
    expect(errorNumbers(await validate(token, wrong(d)))).toEqual([49]);
    // The sixth wrong guess of the day says so at once; even the right code is refused now.
    expect(errorNumbers(await validate(token, wrong(d)))).toEqual([ErrorNumber.CodeEntryLocked]);
    expect(errorNumbers(await validate(token, d))).toEqual([ErrorNumber.CodeEntryLocked]);
    expect(errorNumbers(await generate(token))).toEqual([ErrorNumber.CodeEntryLocked]);
    expect([await guessesOn('2026-11-21'), await guessesOn('2026-11-22')]).toEqual([5, CODE_LIMITS.wrongGuessesPerDay]);
  });

  it('lets a claimant with wrong guesses left in with the right code, which spends none', async () => {
    const token = await registrationToken();
    await generate(token);
    const first = codeIn(await mail.smtp.next(ROBIN));
    for (const expected of [49, 49, 50]) expect(errorNumbers(await validate(token, wrong(first)))).toEqual([expected]);
    await generate(token);
    const second = codeIn(await mail.smtp.next(ROBIN));
    for (let i = 0; i < 2; i++) expect(errorNumbers(await validate(token, wrong(second)))).toEqual([49]);
    const ok = await validate(token, second);
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.deps.db.selectFrom('code_guesses').select('wrong').executeTakeFirstOrThrow();
    expect(row.wrong).toBe(5);
  });

  it('never compares more than 6 wrong guesses a day, however many arrive at once across the three step-up codes', async () => {
    const SAM = 'sam.single@example.com';
    const token = await t.signIn(SAM);
    const codes = new Map<number, string>();
    for (const type of [CodeType.Mobile, CodeType.Email, CodeType.Bank]) {
      const sent = (
        await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: type })
      ).json();
      codes.set(type, codeIn(sent.SMS ? await mail.sms.next('0423456789') : await mail.smtp.next(SAM)));
    }
    const guesses = [...codes].flatMap(([type, code]) =>
      Array.from({ length: 5 }, () =>
        t.post('/api/account/validatesecuritycodewhileloggedin', {
          AccessToken: token,
          CodeType: type,
          SecurityCode: wrong(code),
        }),
      ),
    );
    const numbers = (await Promise.all(guesses)).map((r) => errorNumbers(r)[0]);
    expect(numbers.every((n) => n === 49 || n === 50 || n === ErrorNumber.CodeEntryLocked)).toBe(true);
    const spent = await t.deps.db.selectFrom('code_guesses').select('wrong').executeTakeFirstOrThrow();
    expect(spent.wrong).toBe(CODE_LIMITS.wrongGuessesPerDay);
    const rows = await t.deps.db.selectFrom('access_codes').select('attempts').execute();
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBeLessThanOrEqual(CODE_LIMITS.wrongGuessesPerDay);
    // Locked for the rest of the day, even for a right code that is still live.
    for (const [type, code] of codes) {
      const res = await t.post('/api/account/validatesecuritycodewhileloggedin', {
        AccessToken: token,
        CodeType: type,
        SecurityCode: code,
      });
      expect(errorNumbers(res)).toEqual([ErrorNumber.CodeEntryLocked]);
    }
  });

  it('binds a code to its purpose and CodeType', async () => {
    const token = await t.signIn('sam.single@example.com');
    const bank = await t.post('/api/account/generatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: CodeType.Bank,
    });
    expect(bank.json()).toEqual({ SMS: false, Email: true });
    const code = codeIn(await mail.smtp.next('sam.single@example.com'));
    // Not for another kind of edit.
    const asMobile = await t.post('/api/account/validatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: CodeType.Mobile,
      SecurityCode: code,
    });
    expect(errorNumbers(asMobile)).toEqual([50]);
    // Not for the login flow (and a signed-in token is the wrong kind there).
    expect(errorNumbers(await validate(token, code))).toEqual([ErrorNumber.TokenWrongKind]);
    const ok = await t.post('/api/account/validatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: CodeType.Bank,
      SecurityCode: code,
    });
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

  it('refuses a sign-in code for a step-up, and a step-up code for sign-in', async () => {
    const SAM = 'sam.single@example.com';
    const pending = await t.post(
      '/api/account/login',
      { EmailAddress: SAM, Password: PASSWORD },
      { headers: NEW_BROWSER },
    );
    expect(pending.json().AccountActivated).toBe(1);
    const verification = pending.json().AccessToken as string;
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: verification }, { headers: NEW_BROWSER });
    const signInCode = codeIn(await mail.smtp.next(SAM));
    const signedIn = await t.signIn(SAM);
    await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: signedIn, CodeType: CodeType.Bank });
    const stepUpCode = codeIn(await mail.smtp.next(SAM));
    const stepUp = (code: string) =>
      t.post('/api/account/validatesecuritycodewhileloggedin', {
        AccessToken: signedIn,
        CodeType: CodeType.Bank,
        SecurityCode: code,
      });
    const signInWith = (code: string) =>
      t.post(
        '/api/account/validatesecuritycodeforlogin',
        { AccessToken: verification, SecurityCode: code },
        { headers: NEW_BROWSER },
      );

    // The sign-in code (sent for CodeType Email) opens no step-up, whatever the type.
    for (const type of [CodeType.Mobile, CodeType.Email]) {
      const res = await t.post('/api/account/validatesecuritycodewhileloggedin', {
        AccessToken: signedIn,
        CodeType: type,
        SecurityCode: signInCode,
      });
      expect(errorNumbers(res)).toEqual([50]);
    }
    // Both are four random digits: they can be the same, and then neither is wrong for the other.
    if (signInCode !== stepUpCode) {
      expect(errorNumbers(await stepUp(signInCode))).toEqual([49]);
      expect(errorNumbers(await signInWith(stepUpCode))).toEqual([49]);
    }
    // Each still works for its own purpose, once.
    const verified = await signInWith(signInCode);
    expect(verified.statusCode).toBe(200);
    const stepped = await stepUp(stepUpCode);
    expect(stepped.statusCode).toBe(200);
    const again = await t.post('/api/account/validatesecuritycodewhileloggedin', {
      AccessToken: stepped.json().AccessToken,
      CodeType: CodeType.Bank,
      SecurityCode: stepUpCode,
    });
    expect(errorNumbers(again)).toEqual([50]);
  });

  it('refuses a used sign-in code on a later sign-in', async () => {
    const SAM = 'sam.single@example.com';
    const login = async () =>
      (await t.post('/api/account/login', { EmailAddress: SAM, Password: PASSWORD }, { headers: NEW_BROWSER })).json()
        .AccessToken as string;
    const first = await login();
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: first }, { headers: NEW_BROWSER });
    const code = codeIn(await mail.smtp.next(SAM));
    expect((await validate(first, code)).statusCode).toBe(200);
    expect(errorNumbers(await validate(await login(), code))).toEqual([50]);
  });

  it('never logs a code or returns it in any response', async () => {
    const SAM = 'sam.single@example.com';
    const responses: LightMyRequestResponse[] = [];
    const post = async (...args: Parameters<TestApp['post']>) => {
      const res = await t.post(...args);
      responses.push(res);
      return res;
    };
    const codes: string[] = [];
    // Activation, with a wrong try and a re-send.
    const activation = (await post('/api/account/login', { EmailAddress: ROBIN, Password: PASSWORD })).json()
      .AccessToken as string;
    for (let i = 0; i < 2; i++) {
      await post('/api/account/generatesecuritycodeforlogin', { AccessToken: activation });
      codes.push(codeIn(await mail.smtp.next(ROBIN)));
    }
    await post('/api/account/validatesecuritycodeforlogin', {
      AccessToken: activation,
      SecurityCode: wrong(codes[1] as string),
    });
    await post('/api/account/validatesecuritycodeforlogin', { AccessToken: activation, SecurityCode: codes[1] });
    // Sign-in verification on a new browser.
    const verification = (
      await post('/api/account/login', { EmailAddress: SAM, Password: PASSWORD }, { headers: NEW_BROWSER })
    ).json().AccessToken as string;
    await post('/api/account/generatesecuritycodeforlogin', { AccessToken: verification }, { headers: NEW_BROWSER });
    codes.push(codeIn(await mail.smtp.next(SAM)));
    const signedIn = (
      await post(
        '/api/account/validatesecuritycodeforlogin',
        { AccessToken: verification, SecurityCode: codes[2] },
        { headers: NEW_BROWSER },
      )
    ).json().AccessToken as string;
    // A step-up by SMS, then its expiry.
    await post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: signedIn, CodeType: CodeType.Email });
    codes.push(codeIn(await mail.sms.next('0423456789')));
    await post('/api/account/validatesecuritycodewhileloggedin', {
      AccessToken: signedIn,
      CodeType: CodeType.Email,
      SecurityCode: wrong(codes[3] as string),
    });
    await post('/api/account/expiresecuritycodewhileloggedin', { AccessToken: signedIn, CodeType: CodeType.Email });

    expect(responses).toHaveLength(11);
    const lines = t.logs
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '');
    // Every request was logged, as JSON the check below can read.
    expect(lines.length).toBeGreaterThanOrEqual(responses.length);
    const logged = lines.map((l) => JSON.parse(l) as unknown);
    const answered = responses.map((r) => r.json() as unknown);
    for (const code of codes) {
      expect(codeMentions(logged, code), `code ${code} in the logs`).toEqual([]);
      expect(codeMentions(answered, code), `code ${code} in a response`).toEqual([]);
    }
  });

  it('sends the code for a mobile edit to the e-mail, and for an e-mail edit to the mobile by SMS', async () => {
    const token = await t.signIn('sam.single@example.com');
    const forMobile = await t.post('/api/account/generatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: CodeType.Mobile,
    });
    expect(forMobile.json()).toEqual({ SMS: false, Email: true });
    await mail.smtp.next('sam.single@example.com');
    const forEmail = await t.post('/api/account/generatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: CodeType.Email,
    });
    expect(forEmail.json()).toEqual({ SMS: true, Email: false });
    const text = await mail.sms.next('0423456789');
    expect(text.text).toMatch(/code is \d{4}\. It expires in 30 minutes\./);
    expect(mail.sms.authorizations.at(-1)).toBe('Bearer hook-secret');
  });

  it('follows the SMS preference, and answers 86 naming the provider and what the code was for', async () => {
    await t.deps.db.updateTable('claimants').set({ pref_sms: 1 }).where('first_name', '=', 'Sam').execute();
    const token = await t.signIn('sam.single@example.com');
    expect(
      (
        await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Bank })
      ).json(),
    ).toEqual({ SMS: true, Email: false });
    await t.deps.db.updateTable('claimants').set({ mobile: null }).where('first_name', '=', 'Sam').execute();
    const none = await t.post('/api/account/generatesecuritycodewhileloggedin', {
      AccessToken: token,
      CodeType: CodeType.Email,
    });
    const noChannel = (detail: string) => [
      {
        Number: ErrorNumber.NoChannelForCode,
        Message: `Please update your contact details to receive a verification code prior to ${detail} or call the Transport Accident Commission on 1300 654 329.`,
      },
    ];
    expect(none.json()).toEqual(noChannel('updating your email address'));

    await t.deps.db.updateTable('claimants').set({ email: null }).where('first_name', '=', 'Sam').execute();
    const pending = await t.post(
      '/api/account/login',
      { EmailAddress: 'sam.single@example.com', Password: PASSWORD },
      { headers: NEW_BROWSER },
    );
    const forSignIn = await t.post(
      '/api/account/generatesecuritycodeforlogin',
      { AccessToken: pending.json().AccessToken },
      { headers: NEW_BROWSER },
    );
    expect(forSignIn.json()).toEqual(noChannel('signing in'));

    await t.deps.db
      .updateTable('claimants')
      .set({ email: null, mobile: null })
      .where('first_name', '=', 'Robin')
      .execute();
    expect((await generate(await registrationToken())).json()).toEqual(noChannel('activating your account'));
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
    // Stored as the keyed HMAC of the code's id and the code, never as the code or a plain digest
    // of it: compared whole, so no hex string can contain the digits by chance.
    const stored = await t.deps.db.selectFrom('access_codes').select(['id', 'code_hash']).executeTakeFirstOrThrow();
    expect(stored.code_hash).toBe(hmac(t.deps.hmacKey, `${stored.id}:${code}`));
    expect(stored.code_hash).not.toBe(sha256(code).toString('hex'));
    expect(stored.code_hash).not.toBe(hmac(t.deps.hmacKey, code));
  });

  describe('a code message that has not gone out yet', () => {
    const SAM = 'sam.single@example.com';
    let hook: Awaited<ReturnType<typeof startFlakySmsHook>>;
    let app: TestApp;
    beforeEach(async () => {
      hook = await startFlakySmsHook();
      app = await createTestApp(dialect, { ...mail.env(), SMS_WEBHOOK_URL: hook.url });
    });
    afterEach(async () => {
      await app.close();
      await hook.close();
    });

    const unsent = async () =>
      await app.deps.db.selectFrom('notifications').select(['id', 'attempts']).where('sent_at', 'is', null).execute();

    /**
     * Sends an e-mail-edit code (it goes by SMS) while the SMS gateway is down, and waits for the
     * failed try to be recorded. The gateway saw the text (as one that times out may still deliver
     * it), which is how the test knows the code.
     */
    async function codeStuckInOutbox(token: string): Promise<string> {
      const before = hook.tried.length;
      await app.post('/api/account/generatesecuritycodewhileloggedin', {
        AccessToken: token,
        CodeType: CodeType.Email,
      });
      await until(() => hook.tried.length > before, 'a delivery attempt');
      await until(async () => (await unsent()).every((n) => n.attempts > 0), 'the failure to be recorded');
      return codeIn(hook.tried.at(-1) as Received);
    }

    /** The gateway comes back and the retries fall due; delivery rounds run until nothing is waiting. */
    async function gatewayBack(): Promise<void> {
      hook.down = false;
      app.clock.advance(15 * 60_000);
      await until(async () => {
        await app.deps.notifier.drainOnce();
        return (await unsent()).length === 0;
      }, 'the outbox to empty');
    }

    it('is withdrawn when the code is re-sent: only the new code arrives', async () => {
      const token = await app.signIn(SAM);
      const old = await codeStuckInOutbox(token);
      const fresh = await codeStuckInOutbox(token);
      await gatewayBack();
      expect(hook.accepted.map((m) => codeIn(m))).toEqual([fresh]);
      expect(await app.deps.db.selectFrom('notifications').select('id').execute()).toHaveLength(1);
      if (old !== fresh)
        expect(
          errorNumbers(
            await app.post('/api/account/validatesecuritycodewhileloggedin', {
              AccessToken: token,
              CodeType: CodeType.Email,
              SecurityCode: old,
            }),
          ),
        ).toEqual([49]);
    });

    it.each([
      [
        'used',
        async (token: string, code: string) => {
          const res = await app.post('/api/account/validatesecuritycodewhileloggedin', {
            AccessToken: token,
            CodeType: CodeType.Email,
            SecurityCode: code,
          });
          expect(res.statusCode).toBe(200);
        },
      ],
      [
        'voided',
        async (token: string) => {
          expect(
            (
              await app.post('/api/account/expiresecuritycodewhileloggedin', {
                AccessToken: token,
                CodeType: CodeType.Email,
              })
            ).statusCode,
          ).toBe(200);
        },
      ],
      [
        'spent by three wrong tries',
        async (token: string, code: string) => {
          const other = code === '0000' ? '0001' : '0000';
          for (const expected of [49, 49, 50]) {
            const res = await app.post('/api/account/validatesecuritycodewhileloggedin', {
              AccessToken: token,
              CodeType: CodeType.Email,
              SecurityCode: other,
            });
            expect(errorNumbers(res)).toEqual([expected]);
          }
        },
      ],
      [
        'expired',
        async (_token: string, code: string) => {
          app.clock.advance(30 * 60_000);
          // A new session: the old one has been idle past its time-out.
          const token = await app.signIn(SAM);
          const res = await app.post('/api/account/validatesecuritycodewhileloggedin', {
            AccessToken: token,
            CodeType: CodeType.Email,
            SecurityCode: code,
          });
          expect(errorNumbers(res)).toEqual([50]);
        },
      ],
    ])('is withdrawn when the code is %s, and never arrives', async (_how, endCode) => {
      const token = await app.signIn(SAM);
      const code = await codeStuckInOutbox(token);
      await endCode(token, code);
      await gatewayBack();
      expect(hook.accepted).toEqual([]);
      expect(await app.deps.db.selectFrom('notifications').select('id').execute()).toEqual([]);
    });

    it('records when the message stops being worth sending', async () => {
      await codeStuckInOutbox(await app.signIn(SAM));
      const [message, code] = await Promise.all([
        app.deps.db.selectFrom('notifications').select(['id', 'expires_at']).executeTakeFirstOrThrow(),
        app.deps.db.selectFrom('access_codes').select(['notification_id', 'expires_at']).executeTakeFirstOrThrow(),
      ]);
      expect(code.notification_id).toBe(message.id);
      expect(message.expires_at).toBe(code.expires_at);
    });
  });
});
