/**
 * CSRF, the rate limits and `no-store` are read from the route that matched, not from the URL's
 * spelling: every way of writing a path that the router still matches meets exactly the controls
 * of the plain path, and every other spelling is an unknown path, answered 404 and counted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, ErrorNumber } from '@portal/contracts';
import { normalisedPath } from '../src/lib/route-controls.ts';
import { CSRF, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { spellings } from './path-spellings.ts';

type Answer = { status: number; numbers: number[]; cacheControl: string | undefined };

/** Sends the raw target through a real socket: no client library tidies it on the way. */
function rawPost(port: number, target: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: target,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let numbers: number[] = [];
          try {
            const parsed = JSON.parse(text) as unknown;
            if (Array.isArray(parsed)) numbers = parsed.map((e: { Number: number }) => e.Number);
          } catch {
            // not a list
          }
          resolve({ status: res.statusCode ?? 0, numbers, cacheControl: res.headers['cache-control'] });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const WITH_CSRF = { cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };
const WITHOUT_HEADER = { cookie: `__Host-XSRF-TOKEN=${CSRF}` };

/** A refused or unknown path: CSRF refused, rate-limited, or 404 — never the route's own work. */
function isRefusedBeforeWork(a: Answer): boolean {
  if (a.status === 404) return a.numbers.length === 0 || a.numbers[0] === ErrorNumber.EndpointNotAvailable;
  return a.status === 225 && (a.numbers[0] === ErrorNumber.CsrfMismatch || a.numbers[0] === ErrorNumber.RateLimited);
}

describe('controls come from the matched route', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const CLASSES = [
    ENDPOINTS.register.path, // public, its own recovery limit
    ENDPOINTS.login.path, // sign-in limit
    ENDPOINTS.getInformation.path, // public, general limit
    ENDPOINTS.getClaims.path, // signed in
    ENDPOINTS.selectClaim.path, // signed in, changes the session
  ];

  it.each(CLASSES)('no spelling of %s skips its CSRF check (inject and a raw socket)', async (path) => {
    for (const target of [path, ...spellings(path)]) {
      const injected = await t.app.inject({
        method: 'POST',
        url: target,
        headers: { ...WITHOUT_HEADER, 'content-type': 'application/json' },
        payload: '{}',
      });
      const viaInject: Answer = {
        status: injected.statusCode,
        numbers: injected.statusCode === 225 || injected.statusCode === 404 ? errorNumbers(injected) : [],
        cacheControl: injected.headers['cache-control'] as string | undefined,
      };
      const viaSocket = await rawPost(port, target, WITHOUT_HEADER, '{}');
      for (const [how, answer] of [
        ['inject', viaInject],
        ['socket', viaSocket],
      ] as const) {
        expect(
          isRefusedBeforeWork(answer),
          `${how} POST ${target} → ${answer.status} ${answer.numbers.join(',')}`,
        ).toBe(true);
        expect(answer.cacheControl, `${how} POST ${target}`).toBe('no-store');
      }
    }
  });

  it('the provider API keeps its own format and needs no CSRF token, whatever the spelling', async () => {
    for (const target of [
      '/provider/v1/claimants/CL-1',
      '/%70rovider/v1/claimants/CL-1',
      '/provider/v1/claimants%2FCL-1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: target });
      expect([401, 404], target).toContain(res.statusCode);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('reads a path as the router does, to choose a 404 format', () => {
    expect(normalisedPath('/%61pi/x')).toBe('/api/x');
    expect(normalisedPath('//API/./x/../y;z=1')).toBe('/api/y');
    expect(normalisedPath('/%E0%A4%A')).toBe('/%e0%a4%a');
  });
});

describe('every spelling that reaches a route is counted by its limit', () => {
  /**
   * Sends each target once with a valid CSRF token and counts the answers the limit let through:
   * those that did the route's work, and (for the general limit, which counts them too) the 404s.
   */
  async function admitted(port: number, targets: string[], body: string, with404s: boolean): Promise<number> {
    let n = 0;
    for (const target of targets) {
      const a = await rawPost(port, target, WITH_CSRF, body);
      if (!isRefusedBeforeWork(a) || (with404s && a.status === 404)) n++;
    }
    return n;
  }

  const CASES: {
    name: string;
    path: string;
    env: Record<string, string>;
    limit: number;
    body: string;
    general?: true;
  }[] = [
    { name: 'registration (recovery limit)', path: ENDPOINTS.register.path, env: {}, limit: 10, body: '{}' },
    { name: 'forgot password (recovery limit)', path: ENDPOINTS.forgotPassword.path, env: {}, limit: 10, body: '{}' },
    {
      name: 'sign-in',
      path: ENDPOINTS.login.path,
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '4' },
      limit: 4,
      body: '{"EmailAddress":"nobody@example.com","Password":"x","RememberMe":false,"DeviceType":0}',
    },
    {
      name: 'a general call',
      path: ENDPOINTS.getInformation.path,
      env: { RATE_LIMIT_PER_MINUTE: '6' },
      limit: 6,
      body: '{}',
      general: true,
    },
  ];

  it.each(CASES)(
    '$name: spellings and the plain path share one bucket',
    async ({ path, env, limit, body, general }) => {
      const t = await createTestApp('sqlite', env);
      try {
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        const port = (t.app.server.address() as AddressInfo).port;
        const targets = [...spellings(path), ...Array.from({ length: limit + 2 }, () => path)];
        expect(await admitted(port, targets, body, general === true)).toBe(limit);
      } finally {
        await t.close();
      }
    },
  );

  it('unknown paths are counted by the general limit too', async () => {
    const t = await createTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const numbers: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.post(`/%61pi/guess-${i}`, {});
        numbers.push(res.statusCode === 404 ? 404 : (errorNumbers(res)[0] as number));
      }
      expect(numbers).toEqual([404, 404, 404, ErrorNumber.RateLimited, ErrorNumber.RateLimited]);
    } finally {
      await t.close();
    }
  });
});

describe('URLs the router cannot read speak the documented format', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/content/%E0%A4%A'],
    ['POST', '/api/documentupload/getdraft/%ZZ'],
    ['GET', `/api/content/${'a'.repeat(150)}`],
    ['POST', `/api/documentupload/getdraft/${'x'.repeat(120)}`],
    ['GET', '/claim/%E0%A4%A'],
  ] as const)('%s %s: a catalogue 404, the URL not echoed, never cached', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: WITH_CSRF, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(404);
    expect(errorNumbers(res)).toEqual([ErrorNumber.EndpointNotAvailable]);
    expect(res.body).not.toContain('FST_ERR');
    expect(res.body).not.toContain(url.slice(5, 20));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the provider API answers problem details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/provider/v1/claimants/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(String(res.headers['content-type'])).toContain('application/problem+json');
    expect(res.body).not.toContain('%E0');
  });
});
