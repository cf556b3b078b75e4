/**
 * "Remember me" in an HttpOnly cookie that only resumesession reads (decision 038), on SQLite and
 * PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorNumber, SESSION } from '@portal/contracts';
import { REMEMBER_COOKIE } from '../src/modules/session/remember.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

const SAM = 'sam.single@example.com';

describe.each(DIALECTS)('a remembered session on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const remembered = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REMEMBER_COOKIE);
  const withCookie = (value: string) => ({
    headers: { cookie: `__Host-XSRF-TOKEN=test-csrf-token-value; ${REMEMBER_COOKIE}=${value}` },
  });
  const resume = (value?: string) =>
    t.post('/api/account/resumesession', {}, value === undefined ? {} : withCookie(value));

  it('keeps a RememberMe session in an HttpOnly, Secure, SameSite=Strict cookie and hands it back on resume only', async () => {
    const token = await t.signIn(SAM, { RememberMe: true });
    const kept = await t.post('/api/account/remembersession', { AccessToken: token });
    expect(kept.json()).toBe(true);
    const cookie = remembered(kept);
    expect(cookie?.value).toBe(token);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.maxAge).toBe(SESSION.rememberMeLifetimeMs / 1000);
    // A new tab, or the browser after a restart: the token comes back from the cookie.
    const back = await resume(token);
    expect(back.json()).toEqual({ AccessToken: token });
    expect((await t.post('/api/claim/getclaims', { AccessToken: back.json().AccessToken })).statusCode).toBe(200);
    // No other call takes the cookie for a token.
    expect(errorNumbers(await t.post('/api/claim/getclaims', {}, withCookie(token)))).toEqual([
      ErrorNumber.TokenMissing,
    ]);
  });

  it('does not keep a session signed in without RememberMe, nor a token that is not a session', async () => {
    const token = await t.signIn(SAM);
    const res = await t.post('/api/account/remembersession', { AccessToken: token });
    expect(res.json()).toBe(true);
    expect(remembered(res)?.value).toBe('');
    expect(errorNumbers(await t.post('/api/account/remembersession', { AccessToken: 'not-a-token' }))).toEqual([
      ErrorNumber.SessionUnknown,
    ]);
    expect(errorNumbers(await resume())).toEqual([ErrorNumber.TokenMissing]);
    expect(errorNumbers(await resume('made-up'))).toEqual([ErrorNumber.SessionUnknown]);
  });

  it('forgets the cookie at sign-out, and a resumed cookie of an ended session answers its token-expired number', async () => {
    const token = await t.signIn(SAM, { RememberMe: true });
    await t.post('/api/account/remembersession', { AccessToken: token });
    const out = await t.post('/api/account/logout', { AccessToken: token });
    expect(remembered(out)?.value).toBe('');
    const gone = await resume(token);
    expect(errorNumbers(gone)).toEqual([ErrorNumber.SessionRevoked]);
    expect(remembered(gone)?.value).toBe('');

    // Idle past the time-out, as any call is: the session ends, and so does its cookie.
    const idle = await t.signIn(SAM, { RememberMe: true });
    t.clock.advance(SESSION.idleTimeoutMs + 1000);
    const late = await resume(idle);
    expect(errorNumbers(late)).toEqual([ErrorNumber.SessionIdleExpired]);
    expect(remembered(late)?.value).toBe('');
  });

  it('hands back only the session in the cookie: another claimant signed in on the same server stays theirs', async () => {
    const sam = await t.signIn(SAM, { RememberMe: true });
    const alex = await t.signIn('alex.citizen@example.com', { RememberMe: true });
    await t.post('/api/account/remembersession', { AccessToken: alex });
    expect((await resume(sam)).json()).toEqual({ AccessToken: sam });
    const account = await t.post('/api/account/getaccount', { AccessToken: (await resume(sam)).json().AccessToken });
    expect(account.json().ContactDetails.EmailAddress).toBe(SAM);
  });
});
