import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, ErrorNumber, TOKEN_EXPIRED_NUMBERS } from '@portal/contracts';
import { CSRF, DIALECTS, PASSWORD, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';

const POSTS = Object.values(ENDPOINTS).filter((e) => e.method === 'POST');

describe.each(DIALECTS)('security on %s', (dialect) => {
  let t: TestApp;
  // These calls change nothing (they are refused before any work), so one app serves them all;
  // they are many more than one address may send in a minute, so the general limit is raised.
  beforeAll(async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  describe('CSRF', () => {
    it('sets a readable XSRF-TOKEN cookie on first contact', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/information/getinformation' });
      const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.sameSite).toBe('Strict');
    });

    it.each(POSTS.map((e) => e.path))('refuses %s without a matching X-XSRF-TOKEN header', async (url) => {
      const missing = await t.app.inject({ method: 'POST', url, payload: {}, headers: { cookie: `XSRF-TOKEN=${CSRF}` } });
      expect(errorNumbers(missing)).toEqual([ErrorNumber.CsrfMismatch]);
      const wrong = await t.post(url, {}, { headers: { 'x-xsrf-token': 'something-else' } });
      expect(errorNumbers(wrong)).toEqual([ErrorNumber.CsrfMismatch]);
      const noCookie = await t.app.inject({ method: 'POST', url, payload: {}, headers: { 'x-xsrf-token': CSRF } });
      expect(errorNumbers(noCookie)).toEqual([ErrorNumber.CsrfMismatch]);
    });
  });

  it('sends strict security headers and never lets API answers be cached', async () => {
    const res = await t.post('/api/maintenance/checkmessage', {});
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  describe('bad input never gets a 500 or a stack trace', () => {
    const BAD_BODIES: [string, string, string][] = [
      ['malformed JSON', '{"EmailAddress": ', 'application/json'],
      ['a JSON array', '[1,2,3]', 'application/json'],
      ['a JSON string', '"hello"', 'application/json'],
      ['null', 'null', 'application/json'],
      ['__proto__', '{"__proto__": {"admin": true}, "ListType": "ReceiptTypes"}', 'application/json'],
      ['constructor.prototype', '{"constructor": {"prototype": {"admin": true}}}', 'application/json'],
      ['unknown property', '{"Surprise": 1}', 'application/json'],
      ['wrong types', '{"EmailAddress": 5, "Password": [], "RememberMe": "yes", "DeviceType": "web", "ListType": 3, "Number": 7, "Path": 1, "Title": {}}', 'application/json'],
      ['an unknown token', '{"AccessToken": "forged-token-value"}', 'application/json'],
      ['a token of the wrong type', '{"AccessToken": 12345}', 'application/json'],
      ['an oversized token', JSON.stringify({ AccessToken: 'x'.repeat(5000) }), 'application/json'],
      ['form encoding', 'EmailAddress=a', 'application/x-www-form-urlencoded'],
      ['plain text', 'hello', 'text/plain'],
      ['an empty JSON body', '', 'application/json'],
    ];

    it.each(POSTS.flatMap((e) => BAD_BODIES.map(([name, body, type]) => [e.path, name, body, type] as const)))(
      '%s with %s',
      async (url, _name, payload, contentType) => {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
        });
        expect([200, 225, 415]).toContain(res.statusCode);
        expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|stack|Error:/);
        if (res.statusCode !== 200) {
          const list = res.json() as { Number: number; Message: string }[];
          expect(Array.isArray(list)).toBe(true);
          expect(list.length).toBeGreaterThan(0);
          for (const e of list) {
            expect(e.Number).toBeTypeOf('number');
            expect(e.Message.length).toBeGreaterThan(0);
          }
        }
      },
    );

    it('refuses a body over 1 MB', async () => {
      const res = await t.post('/api/account/login', { EmailAddress: 'a@example.com', Password: 'x'.repeat(1_100_000) });
      expect(errorNumbers(res)).toEqual([ErrorNumber.BodyTooLarge]);
    });

    it('names the field in validation errors with the spec message', async () => {
      const res = await t.post('/api/account/login', { EmailAddress: 'not an email', Password: PASSWORD, RememberMe: false, DeviceType: 0 });
      expect(res.statusCode).toBe(225);
      expect(res.json()).toEqual([{ Number: ErrorNumber.Validation, Message: 'Provide valid login details', Field: 'EmailAddress' }]);
      const unknown = await t.post('/api/maintenance/checkmessage', { Sneaky: true });
      expect(unknown.json()[0].Field).toBe('Sneaky');
    });

    it('refuses a protected call without a session before looking at its body', async () => {
      for (const e of POSTS.filter((p) => p.auth !== 'public')) {
        const res = await t.post(e.path, { Nonsense: 1 });
        expect(TOKEN_EXPIRED_NUMBERS, e.path).toContain(errorNumbers(res)[0]);
      }
    });

    it('answers unknown API paths with a list, not the web app', async () => {
      const res = await t.post('/api/nothing/here', {});
      expect(res.statusCode).toBe(404);
      expect(res.json()[0].Number).toBe(ErrorNumber.EndpointNotAvailable);
    });
  });

  it('never writes passwords, tokens, codes or bank numbers to the logs', async () => {
    const wrong = 'Wr0ng-Pa55word!';
    await t.post('/api/account/login', { EmailAddress: 'alex.citizen@example.com', Password: wrong, RememberMe: false, DeviceType: 0 });
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    await t.post('/api/account/getaccount', { AccessToken: token });
    await t.post('/api/claim/getclaims', { AccessToken: `${token}x` });
    await t.post('/api/account/logout', { AccessToken: token });
    const log = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [PASSWORD, wrong, token, '123456789', CSRF]) expect(log).not.toContain(secret);
  });
});

describe('rate limits and client addresses', () => {
  it('keys on the socket address when no proxy is trusted: a rotated X-Forwarded-For does not reset the bucket', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.post('/api/maintenance/checkmessage', {}, { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        statuses.push(res.statusCode === 225 ? errorNumbers(res)[0] as number : res.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([ErrorNumber.RateLimited, ErrorNumber.RateLimited]);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy, keys on the address the proxy saw, not on what the client prepends', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: '10.0.0.5' });
    try {
      const call = (xff: string) => t.post('/api/maintenance/checkmessage', {}, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': xff } });
      for (let i = 0; i < 3; i++) expect((await call(`198.51.100.${i}, 192.0.2.7`)).statusCode).toBe(200);
      expect(errorNumbers(await call('198.51.100.99, 192.0.2.7'))).toEqual([ErrorNumber.RateLimited]);
      // A different real client behind the same proxy has its own bucket.
      expect((await call('192.0.2.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
