import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber, SESSION } from '@portal/contracts';
import { THROTTLE } from '../src/modules/account/throttle.ts';
import { lockDelayMs } from '../src/plugins/throttle-store.ts';
import { DIALECTS, PASSWORD, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('sign-in and sessions on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const login = (EmailAddress: string, Password = PASSWORD, extra: Record<string, unknown> = {}) =>
    t.post('/api/account/login', { EmailAddress, Password, RememberMe: false, DeviceType: 0, ...extra });

  it.each([
    ['alex.citizen@example.com', 2],
    ['sam.single@example.com', 2],
    ['pat.trustee@example.com', 2],
    ['new.registrant@example.com', 2],
    ['robin.pending@example.com', 0],
  ])('%s signs in with AccountActivated %i', async (username, activated) => {
    const res = await login(username);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.AccountActivated).toBe(activated);
    expect(body.AccessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body).sort()).toEqual(['AccessToken', 'AccountActivated']);
  });

  it('answers 1 (verify) for an account flagged for sign-in verification', async () => {
    await t.deps.db.updateTable('claimants').set({ verify_sign_in: 1 }).where('first_name', '=', 'Sam').execute();
    const res = await login('sam.single@example.com');
    expect(res.json().AccountActivated).toBe(1);
    // A verification token is not a sign-in: it cannot read claims.
    const claims = await t.post('/api/claim/getclaims', { AccessToken: res.json().AccessToken });
    expect(errorNumbers(claims)).toEqual([ErrorNumber.TokenWrongKind]);
  });

  it('strips spaces and ignores case in the username', async () => {
    const res = await login('  Alex.Citizen@Example.com ');
    expect(res.statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown username', async () => {
    const wrong = await login('alex.citizen@example.com', 'Wrong#Password1');
    const unknown = await login('nobody.here@example.com', 'Wrong#Password1');
    expect(wrong.statusCode).toBe(225);
    expect(wrong.body).toBe(unknown.body);
    expect(errorNumbers(wrong)).toEqual([ErrorNumber.LoginFailed]);
  });

  it('throttles a username after 5 failures with a growing, capped delay that success clears', async () => {
    for (let i = 0; i < 5; i++) expect(errorNumbers(await login('alex.citizen@example.com', 'nope'))).toEqual([101]);
    // Locked now, even with the right password.
    expect(errorNumbers(await login('alex.citizen@example.com'))).toEqual([ErrorNumber.LoginThrottled]);
    t.clock.advance(THROTTLE.username.baseMs);
    expect(errorNumbers(await login('alex.citizen@example.com', 'nope'))).toEqual([101]);
    // 6th failure doubles the delay.
    t.clock.advance(THROTTLE.username.baseMs);
    expect(errorNumbers(await login('alex.citizen@example.com'))).toEqual([102]);
    t.clock.advance(THROTTLE.username.baseMs);
    expect((await login('alex.citizen@example.com')).statusCode).toBe(200);
    // Success cleared the count: one more failure does not lock.
    expect(errorNumbers(await login('alex.citizen@example.com', 'nope'))).toEqual([101]);
    expect((await login('alex.citizen@example.com')).statusCode).toBe(200);
  });

  it('throttles unknown usernames exactly like known ones', async () => {
    for (let i = 0; i < 5; i++) await login('ghost@example.com', 'nope');
    expect(errorNumbers(await login('ghost@example.com', 'nope'))).toEqual([102]);
  });

  it('caps the delay so nobody can lock a claimant out for long', () => {
    expect(lockDelayMs(4, THROTTLE.username)).toBe(0);
    expect(lockDelayMs(5, THROTTLE.username)).toBe(30_000);
    expect(lockDelayMs(6, THROTTLE.username)).toBe(60_000);
    expect(lockDelayMs(50, THROTTLE.username)).toBe(THROTTLE.username.maxMs);
  });

  it('throttles an address that tries many usernames', async () => {
    for (let i = 0; i < THROTTLE.address.threshold; i++) await login(`user${i}@example.com`, 'nope');
    expect(errorNumbers(await login('sam.single@example.com'))).toEqual([102]);
  });

  it('expires a session after 20 idle minutes, and slides while used', async () => {
    const token = await t.signIn('sam.single@example.com');
    const claims = () => t.post('/api/claim/getclaims', { AccessToken: token });
    t.clock.advance(SESSION.idleTimeoutMs - 60_000);
    expect((await claims()).statusCode).toBe(200);
    t.clock.advance(SESSION.idleTimeoutMs - 60_000);
    expect((await claims()).statusCode).toBe(200);
    t.clock.advance(SESSION.idleTimeoutMs);
    expect(errorNumbers(await claims())).toEqual([ErrorNumber.SessionIdleExpired]);
    // Once expired it stays ended.
    expect(errorNumbers(await claims())).toEqual([ErrorNumber.SessionRevoked]);
  });

  it('ends a session at its absolute lifetime however active', async () => {
    const token = await t.signIn('sam.single@example.com');
    for (let elapsed = 0; elapsed < SESSION.absoluteLifetimeMs - 15 * 60_000; elapsed += 15 * 60_000) {
      t.clock.advance(15 * 60_000);
      expect((await t.post('/api/account/keepalive', { AccessToken: token })).statusCode).toBe(200);
    }
    t.clock.advance(15 * 60_000);
    expect(errorNumbers(await t.post('/api/account/keepalive', { AccessToken: token }))).toEqual([
      ErrorNumber.SessionLifetimeExpired,
    ]);
  });

  it('keeps a remember-me session past 12 hours (30 days)', async () => {
    const token = await t.signIn('sam.single@example.com', { RememberMe: true });
    for (let i = 0; i < 60; i++) {
      t.clock.advance(15 * 60_000);
      await t.post('/api/account/keepalive', { AccessToken: token });
    }
    expect((await t.post('/api/account/keepalive', { AccessToken: token })).statusCode).toBe(200);
  });

  it('revokes the token at logout, server-side', async () => {
    const token = await t.signIn('sam.single@example.com');
    expect((await t.post('/api/account/logout', { AccessToken: token })).json()).toBe(true);
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: token }))).toEqual([
      ErrorNumber.SessionRevoked,
    ]);
    // Logging out twice, or with nothing, still answers true.
    expect((await t.post('/api/account/logout', { AccessToken: token })).json()).toBe(true);
    expect((await t.post('/api/account/logout', {})).json()).toBe(true);
  });

  it('rotates the token at sign-in: the previous one ends', async () => {
    const first = await t.signIn('sam.single@example.com');
    const second = await t.signIn('sam.single@example.com', { AccessToken: first });
    expect(second).not.toBe(first);
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: first }))).toEqual([21]);
    expect((await t.post('/api/claim/getclaims', { AccessToken: second })).statusCode).toBe(200);
  });

  it('answers each missing or wrong token with its token-expired number', async () => {
    expect(errorNumbers(await t.post('/api/claim/getclaims', {}))).toEqual([ErrorNumber.TokenMissing]);
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: 'not-a-token' }))).toEqual([
      ErrorNumber.SessionUnknown,
    ]);
    const registration = (await login('robin.pending@example.com')).json().AccessToken;
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: registration }))).toEqual([
      ErrorNumber.TokenWrongKind,
    ]);
  });

  it('stores only a SHA-256 of each token', async () => {
    const token = await t.signIn('sam.single@example.com');
    const rows = await t.deps.db.selectFrom('sessions').select(['token_hash']).execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});
