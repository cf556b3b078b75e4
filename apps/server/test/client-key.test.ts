import { afterEach, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { clientKey } from '../src/lib/client-key.ts';
import { THROTTLE } from '../src/modules/account/throttle.ts';
import { DIALECTS, PASSWORD, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:a:b:c:d%eth0')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });
});

describe.each(DIALECTS)('limits keyed by client on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());
  const check = (remoteAddress: string) => t.post('/api/maintenance/checkmessage', {}, { remoteAddress });
  const outcome = async (remoteAddress: string) => {
    const res = await check(remoteAddress);
    return res.statusCode === 225 ? errorNumbers(res)[0] : res.statusCode;
  };

  it('two IPv6 addresses of one /64 share the general rate limit; another /64 has its own', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '3' });
    expect(await outcome('2001:db8:1:2::1')).toBe(200);
    expect(await outcome('2001:db8:1:2::2')).toBe(200);
    expect(await outcome('2001:db8:1:2:ffff:1:2:3')).toBe(200);
    expect(await outcome('2001:db8:1:2::4')).toBe(ErrorNumber.RateLimited);
    expect(await outcome('2001:db8:1:3::1')).toBe(200);
  });

  it('an IPv4-mapped IPv6 address shares the limit of its IPv4 address', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '2' });
    expect(await outcome('203.0.113.9')).toBe(200);
    expect(await outcome('::ffff:203.0.113.9')).toBe(200);
    expect(await outcome('203.0.113.9')).toBe(ErrorNumber.RateLimited);
    expect(await outcome('203.0.113.10')).toBe(200);
  });

  it("a route's own limit (sign-in) is shared by the /64", async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    const login = (remoteAddress: string) =>
      t.post(
        '/api/account/login',
        { EmailAddress: 'sam.single@example.com', Password: 'nope', RememberMe: false, DeviceType: 0 },
        { remoteAddress },
      );
    expect(errorNumbers(await login('2001:db8:5:6::1'))).toEqual([ErrorNumber.LoginFailed]);
    expect(errorNumbers(await login('2001:db8:5:6::2'))).toEqual([ErrorNumber.LoginFailed]);
    expect(errorNumbers(await login('2001:db8:5:6::3'))).toEqual([ErrorNumber.RateLimited]);
  });

  it('the sign-in address throttle counts a /64 as one address; another /64 is not locked', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    const login = (username: string, password: string, remoteAddress: string) =>
      t.post(
        '/api/account/login',
        { EmailAddress: username, Password: password, RememberMe: false, DeviceType: 0 },
        { remoteAddress },
      );
    // Each failure from a fresh address of the same /64 (a client rotating its low 64 bits).
    for (let i = 0; i < THROTTLE.address.threshold; i++) {
      expect(
        errorNumbers(await login(`user${i}@example.com`, 'nope', `2001:db8:7:8::${(i + 1).toString(16)}`)),
      ).toEqual([ErrorNumber.LoginFailed]);
    }
    expect(errorNumbers(await login('sam.single@example.com', PASSWORD, '2001:db8:7:8:abcd::1'))).toEqual([
      ErrorNumber.LoginThrottled,
    ]);
    expect((await login('sam.single@example.com', PASSWORD, '2001:db8:7:9::1')).statusCode).toBe(200);
  });

  it('the survey identity-check throttle counts a failure against the /64', async () => {
    t = await createTestApp(dialect);
    const res = await t.post(
      '/api/nid/nidlogin',
      { ClaimNumber: '30/10000', DateOfBirth: '01/01/1990', DeviceType: 0 },
      { remoteAddress: '2001:db8:9:a:1:2:3:4' },
    );
    expect(errorNumbers(res)).toEqual([ErrorNumber.InformationNotFound]);
    const keys = await t.deps.db.selectFrom('login_throttle').select('key').execute();
    expect(keys.map((k) => k.key)).toContain('sva:2001:db8:9:a::/64');
  });
});
