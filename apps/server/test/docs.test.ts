import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PROVIDER_ENDPOINTS } from '@portal/contracts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('describes every operation of both APIs in OpenAPI 3.1, from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, m]) => Object.keys(m).map((method) => `${method.toUpperCase()} ${path}`));
    const expected = [...Object.values(ENDPOINTS), ...Object.values(PROVIDER_ENDPOINTS)].map((e) => `${e.method} ${e.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(ops.sort()).toEqual(expected.sort());
    const login = doc.paths['/api/account/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['EmailAddress', 'Password']));
    expect(Object.keys(login.responses)).toEqual(['200', '225']);
    const message = doc.paths['/provider/v1/messages'].post;
    expect(message.security).toEqual([{ apiKey: [] }]);
    expect(message.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(doc.paths['/provider/v1/claimants/{ref}'].put.parameters[0]).toMatchObject({ name: 'ref', in: 'path', required: true });
  });

  it('serves a browsable page that works under the strict CSP (no script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/provider/v1/messages');
    expect(res.body).toContain('/api/account/login');
    expect(res.body).not.toContain('<script');
    expect((await t.app.inject({ method: 'GET', url: '/docs/docs.css' })).headers['content-type']).toContain('text/css');
  });
});
