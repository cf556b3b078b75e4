import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  AccountActivated,
  ENDPOINTS,
  ErrorNumber,
  TOKEN_EXPIRED_NUMBERS,
  type Endpoint,
  type ErrorItem,
} from '@portal/contracts';
import { JSON_BODY_LIMIT } from '../src/app.ts';
import { CSRF, DIALECTS, PASSWORD, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';

const POSTS = Object.values(ENDPOINTS).filter((e) => e.method === 'POST');
const CLAIM = '21/45678';
const STACK_TRACE = /at .*\.(ts|js):\d+|stack|Error:/;

/** Checks the answer is a catalogue list with that status, and returns the list. */
function expectCatalogueList(res: LightMyRequestResponse, status: number): ErrorItem[] {
  expect(res.statusCode, res.body).toBe(status);
  const list = res.json() as ErrorItem[];
  expect(Array.isArray(list)).toBe(true);
  expect(list.length).toBeGreaterThan(0);
  for (const e of list) {
    expect(e.Number).toBeTypeOf('number');
    expect(e.Message.length).toBeGreaterThan(0);
  }
  return list;
}

describe.each(DIALECTS)('security on %s', (dialect) => {
  let t: TestApp;
  // These calls change nothing (they are refused before any work), so one app serves them all;
  // they are many more than one address may send in a minute, so the limits are raised.
  beforeAll(async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  describe('CSRF', () => {
    it('sets a readable __Host-XSRF-TOKEN cookie on first contact: Secure, Path=/, no Domain, even over plain HTTP in development', async () => {
      // The test app runs as development does (COOKIE_SECURE unset): browsers take a Secure
      // cookie from http://localhost, and the __Host- prefix is refused without Secure.
      expect(t.deps.config.cookieSecure).toBe(false);
      const res = await t.app.inject({ method: 'GET', url: '/api/information/getinformation' });
      const cookie = res.cookies.find((c) => c.name === '__Host-XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.sameSite).toBe('Strict');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.path).toBe('/');
      expect(cookie?.domain).toBeUndefined();
      // A cookie of the old name (set by a subdomain, say) is not taken for the token.
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/maintenance/checkmessage',
        payload: {},
        headers: { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
      });
      expect(errorNumbers(old)).toEqual([ErrorNumber.CsrfMismatch]);
    });

    it.each(POSTS.map((e) => e.path))('refuses %s without a matching X-XSRF-TOKEN header', async (url) => {
      const missing = await t.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { cookie: `__Host-XSRF-TOKEN=${CSRF}` },
      });
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
    // Every header helmet sets with this configuration, built once at start-up, on every answer.
    for (const page of [res, await t.app.inject({ method: 'GET', url: '/claims' })]) {
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(page.headers['origin-agent-cluster']).toBe('?1');
      expect(page.headers['x-dns-prefetch-control']).toBe('off');
      expect(page.headers['x-download-options']).toBe('noopen');
      expect(page.headers['x-permitted-cross-domain-policies']).toBe('none');
      expect(page.headers['x-xss-protection']).toBe('0');
      expect(page.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(page.headers['content-security-policy']).toBe(csp);
    }
    // Powerful features the portal never uses are off for it and anything it might embed;
    // passkeys (WebAuthn) stay allowed for the portal's own origin.
    for (const page of [res, await t.app.inject({ method: 'GET', url: '/claims' })]) {
      const policy = String(page.headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy).toContain(feature);
      expect(policy).toContain('publickey-credentials-get=(self)');
      expect(policy).toContain('publickey-credentials-create=(self)');
    }
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
      [
        'wrong types',
        '{"EmailAddress": 5, "Password": [], "RememberMe": "yes", "DeviceType": "web", "ListType": 3, "Number": 7, "Path": 1, "Title": {}}',
        'application/json',
      ],
      ['an unknown token', '{"AccessToken": "forged-token-value"}', 'application/json'],
      ['a token of the wrong type', '{"AccessToken": 12345}', 'application/json'],
      ['an oversized token', JSON.stringify({ AccessToken: 'x'.repeat(5000) }), 'application/json'],
      ['form encoding', 'EmailAddress=a', 'application/x-www-form-urlencoded'],
      ['plain text', 'hello', 'text/plain'],
      ['an empty JSON body', '', 'application/json'],
    ];
    // The only bad body answered 200: a token these public calls do not know, sent without anything
    // else. They need no session (signing out twice must still work), so it counts as no token.
    // So do the options of a passkey sign-in (/login).
    const STALE_TOKEN_IS_NO_TOKEN = new Set<string>([
      ENDPOINTS.logout.path,
      ENDPOINTS.checkMaintenance.path,
      ENDPOINTS.passkeySignInOptions.path,
    ]);

    // Every POST of the API, without a session: refused by CSRF-checked parsing, validation or
    // authentication, always with a catalogue list.
    it.each(POSTS.flatMap((e) => BAD_BODIES.map(([name, body, type]) => [e.path, name, body, type] as const)))(
      '%s with %s',
      async (url, name, payload, contentType) => {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
        });
        expect(res.body).not.toMatch(STACK_TRACE);
        if (name === 'an unknown token' && STALE_TOKEN_IS_NO_TOKEN.has(url)) {
          expect(res.statusCode).toBe(200);
          return;
        }
        // 225 or 415: which one for which body is checked per call below, where the calls of this
        // issue are sent each kind of bad input with a valid session.
        expect([225, 415]).toContain(res.statusCode);
        expectCatalogueList(res, res.statusCode);
      },
    );

    it('names the field in validation errors with the spec message', async () => {
      const res = await t.post('/api/account/login', {
        EmailAddress: 'not an email',
        Password: PASSWORD,
        RememberMe: false,
        DeviceType: 0,
      });
      expect(res.statusCode).toBe(225);
      expect(res.json()).toEqual([
        { Number: ErrorNumber.Validation, Message: 'Provide valid login details', Field: 'EmailAddress' },
      ]);
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

  /**
   * The calls of the foundation issue, each sent every kind of bad input while the caller holds a
   * valid session with a claim selected, so the bad part, not a missing session, is what gets refused.
   */
  describe('bad input to the foundation calls, from a signed-in claimant', () => {
    type Target = {
      endpoint: Endpoint;
      /** A body the call accepts, without AccessToken. */
      valid: Record<string, unknown>;
      /** Fields given values of the wrong type. */
      wrongTypes: Record<string, unknown>;
      /** Fields the call cannot do without (AccessToken aside). */
      required: string[];
    };
    const TARGETS: Target[] = [
      {
        endpoint: ENDPOINTS.login,
        valid: { EmailAddress: 'alex.citizen@example.com', Password: PASSWORD, RememberMe: false, DeviceType: 0 },
        wrongTypes: { EmailAddress: 5, Password: [], RememberMe: 'yes', DeviceType: 'web' },
        required: ['EmailAddress', 'Password'],
      },
      { endpoint: ENDPOINTS.logout, valid: {}, wrongTypes: {}, required: [] },
      { endpoint: ENDPOINTS.keepAlive, valid: {}, wrongTypes: {}, required: [] },
      { endpoint: ENDPOINTS.getAccount, valid: {}, wrongTypes: {}, required: [] },
      { endpoint: ENDPOINTS.verifyBankDetails, valid: {}, wrongTypes: {}, required: [] },
      { endpoint: ENDPOINTS.getClaims, valid: {}, wrongTypes: {}, required: [] },
      {
        endpoint: ENDPOINTS.selectClaim,
        valid: { Number: CLAIM },
        wrongTypes: { Number: 2145678, Selected: 'yes', Location: 5 },
        required: ['Number'],
      },
      // Either no claim or the claim object, as the spec's client sends it.
      { endpoint: ENDPOINTS.deselectClaim, valid: {}, wrongTypes: { Number: 2145678 }, required: [] },
      { endpoint: ENDPOINTS.getUnreadMessageCount, valid: {}, wrongTypes: {}, required: [] },
      { endpoint: ENDPOINTS.checkMaintenance, valid: {}, wrongTypes: {}, required: [] },
      {
        endpoint: ENDPOINTS.dropdownList,
        valid: { ListType: 'ReceiptTypes' },
        wrongTypes: { ListType: 3 },
        required: ['ListType'],
      },
      {
        endpoint: ENDPOINTS.pageView,
        valid: { Path: '/claim', Title: 'Claim home' },
        wrongTypes: { Path: 5, Title: [] },
        required: ['Path', 'Title'],
      },
    ];

    /** Either these numbers exactly, or validation errors (number 100) naming exactly these fields. */
    type Expected = { status: 225 | 415; numbers: number[] } | { status: 225; fields: string[] };
    type Session = 'signed-in' | 'registration' | 'revoked' | 'no-claim';
    type Case = {
      name: string;
      applies: (x: Target) => boolean;
      /** Which token the call carries (default: the signed-in session with a claim selected). */
      session?: Session;
      /** The body: an object is sent as JSON, a string as it is. */
      body: (x: Target, token: string) => unknown;
      contentType?: string;
      expected: (x: Target) => Expected;
    };

    const isPublic = (x: Target) => x.endpoint.auth === 'public';
    const all = () => true;
    const validation = (fields: string[]): Expected => ({ status: 225, fields });
    const refused = (number: number): Expected => ({ status: 225, numbers: [number] });
    /** A valid JSON body with `tail` written in before its closing brace (keys JSON.stringify cannot produce). */
    const withRaw = (x: Target, token: string, tail: string) =>
      `${JSON.stringify({ ...x.valid, AccessToken: token }).slice(0, -1)}, ${tail}}`;
    /** A valid body padded with an unknown property to exactly `bytes` bytes. */
    function padded(x: Target, token: string, bytes: number): string {
      const bare = JSON.stringify({ ...x.valid, AccessToken: token, Padding: '' });
      return JSON.stringify({ ...x.valid, AccessToken: token, Padding: 'x'.repeat(bytes - Buffer.byteLength(bare)) });
    }

    const CASES: Case[] = [
      {
        name: 'malformed JSON',
        applies: all,
        body: (x, token) => withRaw(x, token, '"Extra": '),
        expected: () => refused(ErrorNumber.MalformedBody),
      },
      {
        name: 'a body that is not an object',
        applies: all,
        body: (_x, token) => [token],
        // Outside an object a token is not found: a protected call answers as to a signed-out caller.
        expected: (x) => refused(isPublic(x) ? ErrorNumber.Validation : ErrorNumber.TokenMissing),
      },
      {
        name: 'wrong types',
        applies: (x) => Object.keys(x.wrongTypes).length > 0,
        body: (x, token) => ({ ...x.valid, ...x.wrongTypes, AccessToken: token }),
        expected: (x) => validation(Object.keys(x.wrongTypes)),
      },
      {
        name: 'missing required fields',
        applies: (x) => x.required.length > 0,
        body: (x, token) => ({
          ...Object.fromEntries(Object.entries(x.valid).filter(([k]) => !x.required.includes(k))),
          AccessToken: token,
        }),
        expected: (x) => validation(x.required),
      },
      {
        name: 'an unknown property',
        applies: all,
        body: (x, token) => ({ ...x.valid, AccessToken: token, Surprise: 1 }),
        expected: () => validation(['Surprise']),
      },
      {
        name: '__proto__',
        applies: all,
        body: (x, token) => withRaw(x, token, '"__proto__": { "admin": true }'),
        expected: () => refused(ErrorNumber.MalformedBody),
      },
      {
        name: 'constructor.prototype',
        applies: all,
        body: (x, token) => withRaw(x, token, '"constructor": { "prototype": { "admin": true } }'),
        expected: () => refused(ErrorNumber.MalformedBody),
      },
      // The limit is 1 MB exactly: a body of that size is read (and refused for its padding).
      {
        name: 'a body of exactly 1 MB',
        applies: all,
        body: (x, token) => padded(x, token, JSON_BODY_LIMIT),
        expected: () => validation(['Padding']),
      },
      {
        name: 'a body one byte over 1 MB',
        applies: all,
        body: (x, token) => padded(x, token, JSON_BODY_LIMIT + 1),
        expected: () => refused(ErrorNumber.BodyTooLarge),
      },
      {
        name: 'a form-encoded body',
        applies: all,
        body: (_x, token) => `AccessToken=${token}`,
        contentType: 'application/x-www-form-urlencoded',
        expected: () => ({ status: 415, numbers: [ErrorNumber.UnprocessableRequest] }),
      },
      {
        name: 'a multipart body',
        applies: all,
        body: (_x, token) => `--XX\r\nContent-Disposition: form-data; name="AccessToken"\r\n\r\n${token}\r\n--XX--\r\n`,
        contentType: 'multipart/form-data; boundary=XX',
        expected: () => ({ status: 415, numbers: [ErrorNumber.UnprocessableRequest] }),
      },
      {
        name: 'a text/plain body',
        applies: all,
        body: (_x, token) => token,
        contentType: 'text/plain',
        expected: () => ({ status: 415, numbers: [ErrorNumber.UnprocessableRequest] }),
      },
      {
        name: 'no AccessToken',
        applies: (x) => !isPublic(x),
        body: (x) => x.valid,
        expected: () => refused(ErrorNumber.TokenMissing),
      },
      {
        name: 'a token of the wrong type',
        applies: all,
        body: (x) => ({ ...x.valid, AccessToken: 12345 }),
        // A public call checks it as a field; a protected one finds no token in it.
        expected: (x) => (isPublic(x) ? validation(['AccessToken']) : refused(ErrorNumber.TokenMissing)),
      },
      {
        name: 'an unknown token',
        applies: (x) => !isPublic(x),
        body: (x) => ({ ...x.valid, AccessToken: 'forged-token-value' }),
        expected: () => refused(ErrorNumber.SessionUnknown),
      },
      {
        name: 'a signed-out token',
        applies: (x) => !isPublic(x),
        session: 'revoked',
        body: (x, token) => ({ ...x.valid, AccessToken: token }),
        expected: () => refused(ErrorNumber.SessionRevoked),
      },
      {
        name: 'a registration token',
        applies: (x) => !isPublic(x),
        session: 'registration',
        body: (x, token) => ({ ...x.valid, AccessToken: token }),
        expected: () => refused(ErrorNumber.TokenWrongKind),
      },
      {
        name: 'a session with no claim selected',
        applies: (x) => x.endpoint.auth === 'claim',
        session: 'no-claim',
        body: (x, token) => ({ ...x.valid, AccessToken: token }),
        expected: () => refused(ErrorNumber.NoClaimSelected),
      },
    ];

    const tokens = {} as Record<Session, string>;
    beforeAll(async () => {
      tokens['signed-in'] = await signInWithClaim(t, 'alex.citizen@example.com', CLAIM);
      tokens['no-claim'] = await t.signIn('alex.citizen@example.com');
      tokens.revoked = await t.signIn('alex.citizen@example.com');
      await t.post(ENDPOINTS.logout.path, { AccessToken: tokens.revoked });
      const pending = await t.post(ENDPOINTS.login.path, {
        EmailAddress: 'robin.pending@example.com',
        Password: PASSWORD,
      });
      expect(pending.json().AccountActivated).toBe(AccountActivated.NotActivated);
      tokens.registration = pending.json().AccessToken as string;
    });

    const rows = TARGETS.flatMap((x) =>
      CASES.filter((c) => c.applies(x)).map((c) => [x.endpoint.path, c.name, x, c] as const),
    );

    it.each(rows)('%s with %s', async (url, _name, x, c) => {
      const body = c.body(x, tokens[c.session ?? 'signed-in']);
      const res = await t.post(url, typeof body === 'string' ? body : JSON.stringify(body), {
        headers: { 'content-type': c.contentType ?? 'application/json' },
      });
      expect(res.body).not.toMatch(STACK_TRACE);
      const expected = c.expected(x);
      const list = expectCatalogueList(res, expected.status);
      if ('numbers' in expected) {
        expect(list.map((e) => e.Number)).toEqual(expected.numbers);
      } else {
        // A field may break more than one rule (an array is neither a string nor long enough).
        expect(new Set(list.map((e) => e.Number))).toEqual(new Set([ErrorNumber.Validation]));
        expect(new Set(list.map((e) => e.Field))).toEqual(new Set(expected.fields));
      }
    });

    it('left the session as it was: nothing above was carried out', async () => {
      const claims = await t.post(ENDPOINTS.getClaims.path, { AccessToken: tokens['signed-in'] });
      expect(claims.statusCode).toBe(200);
      expect((claims.json() as { Number: string; Selected: boolean }[]).find((c) => c.Selected)?.Number).toBe(CLAIM);
      const account = await t.post(ENDPOINTS.getAccount.path, { AccessToken: tokens['signed-in'] });
      expect(account.json().BankDetailsVerified).toBe(false);
    });

    it('a public call takes a token it does not know as no token, and touches no session', async () => {
      for (const x of TARGETS.filter(isPublic)) {
        const without = await t.post(x.endpoint.path, x.valid);
        const stale = await t.post(x.endpoint.path, { ...x.valid, AccessToken: 'forged-token-value' });
        expect(stale.statusCode, x.endpoint.path).toBe(200);
        // A sign-in answers a new token each time; the rest must answer the same.
        const comparable = (body: Record<string, unknown>) =>
          x.endpoint === ENDPOINTS.login ? body.AccountActivated : body;
        expect(comparable(stale.json()), x.endpoint.path).toEqual(comparable(without.json()));
      }
      expect((await t.post(ENDPOINTS.getClaims.path, { AccessToken: tokens['signed-in'] })).statusCode).toBe(200);
    });

    it('GET getinformation takes no input: a query string or a body, however bad, is never read', async () => {
      const plain = await t.app.inject({ method: 'GET', url: ENDPOINTS.getInformation.path });
      expect(plain.statusCode).toBe(200);
      const junk = [
        { url: `${ENDPOINTS.getInformation.path}?__proto__[admin]=1&Surprise=1&AccessToken=forged` },
        {
          url: ENDPOINTS.getInformation.path,
          payload: '{"__proto__": {"admin": true}, "Extra": ',
          headers: { 'content-type': 'application/json' },
        },
        {
          url: ENDPOINTS.getInformation.path,
          payload: 'x'.repeat(JSON_BODY_LIMIT + 1),
          headers: { 'content-type': 'application/json' },
        },
      ];
      for (const request of junk) {
        const res = await t.app.inject({ method: 'GET', ...request });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(plain.json());
      }
      // Sent the wrong way, it is an unknown endpoint: still a catalogue list.
      expect(expectCatalogueList(await t.post(ENDPOINTS.getInformation.path, {}), 404).map((e) => e.Number)).toEqual([
        ErrorNumber.EndpointNotAvailable,
      ]);
    });
  });
});

describe('rate limits and client addresses', () => {
  it('keys on the socket address when no proxy is trusted: a rotated X-Forwarded-For does not reset the bucket', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.post(
          '/api/maintenance/checkmessage',
          {},
          { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
        );
        statuses.push(res.statusCode === 225 ? (errorNumbers(res)[0] as number) : res.statusCode);
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
      const call = (xff: string) =>
        t.post('/api/maintenance/checkmessage', {}, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': xff } });
      for (let i = 0; i < 3; i++) expect((await call(`198.51.100.${i}, 192.0.2.7`)).statusCode).toBe(200);
      expect(errorNumbers(await call('198.51.100.99, 192.0.2.7'))).toEqual([ErrorNumber.RateLimited]);
      // A different real client behind the same proxy has its own bucket.
      expect((await call('192.0.2.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
