import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, DEVICE_REMEMBERED_MS } from '../src/modules/device/service.ts';
import { CSRF, DIALECTS, NEW_BROWSER, PASSWORD, createTestApp, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

describe.each(DIALECTS)('sign-in verification on a new browser on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, mail.env());
  });
  afterEach(() => t.close());

  const login = (cookie: string) =>
    t.post(
      '/api/account/login',
      { EmailAddress: 'sam.single@example.com', Password: PASSWORD },
      { headers: { cookie } },
    );

  it('asks a new browser to verify, then remembers it for 90 days', async () => {
    const first = await login(NEW_BROWSER.cookie);
    expect(first.json().AccountActivated).toBe(1);
    const verification = first.json().AccessToken;
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: verification }, { headers: NEW_BROWSER });
    const code = codeIn(await mail.smtp.next('sam.single@example.com'));
    const done = await t.post(
      '/api/account/validatesecuritycodeforlogin',
      { AccessToken: verification, SecurityCode: code },
      { headers: NEW_BROWSER },
    );
    expect(done.statusCode).toBe(200);
    const cookie = done.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    const browser = `__Host-XSRF-TOKEN=${CSRF}; ${DEVICE_COOKIE}=${cookie?.value}`;

    const again = await login(browser);
    expect(again.json().AccountActivated).toBe(2);
    // Seen again: the browser is given its cookie afresh, for another 90 days.
    const renewed = again.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(renewed?.value).toBe(cookie?.value);
    expect(renewed?.maxAge).toBe(DEVICE_REMEMBERED_MS / 1000);
    expect(renewed?.httpOnly).toBe(true);
    // A browser that must verify is not given one.
    expect((await login(NEW_BROWSER.cookie)).cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    t.clock.advance(DEVICE_REMEMBERED_MS);
    expect((await login(browser)).json().AccountActivated).toBe(1);
  });

  it('counts each sign-in from a known browser as seeing it: its 90 days start again', async () => {
    const known = async () =>
      (await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: PASSWORD })).json()
        .AccountActivated;
    const DAY = 24 * 60 * 60_000;
    // The harness browser verified at the start; signed in on day 89 and day 178, it stays known.
    t.clock.advance(89 * DAY);
    expect(await known()).toBe(2);
    t.clock.advance(89 * DAY);
    expect(await known()).toBe(2);
    // 90 days without a sign-in: a code again.
    t.clock.advance(DEVICE_REMEMBERED_MS);
    expect(await known()).toBe(1);
  });

  it('refuses a forged device cookie', async () => {
    const forged = `__Host-XSRF-TOKEN=${CSRF}; ${DEVICE_COOKIE}=known-test-device.0000`;
    expect((await login(forged)).json().AccountActivated).toBe(1);
  });

  it('always verifies an account flagged for verification', async () => {
    await t.deps.db.updateTable('claimants').set({ verify_sign_in: 1 }).where('first_name', '=', 'Sam').execute();
    expect(
      (await t.post('/api/account/login', { EmailAddress: 'sam.single@example.com', Password: PASSWORD })).json()
        .AccountActivated,
    ).toBe(1);
  });
});
