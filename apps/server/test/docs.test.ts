import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUTHORITY_UPLOAD_PATH,
  CATALOGUE_ENTRIES,
  ENDPOINTS,
  PROVIDER_ENDPOINTS,
  ProviderEvent,
  RESUMABLE_UPLOAD_PATH,
  STANDARD_WEBHOOK_HEADERS,
  UPLOAD_PATH,
  WEBHOOK_HEADERS,
  type Endpoint,
  type ProviderEndpoint,
} from '@portal/contracts';
import { renderApiMarkdown } from '../src/modules/docs/api-markdown.ts';
import { buildOpenApi } from '../src/modules/docs/openapi.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { sampleEvent } from './webhook-samples.ts';

type Operation = { operationId?: string; tags: string[]; security?: Record<string, string[]>[] };
const CLAIMANT = Object.values(ENDPOINTS) as Endpoint[];
const PROVIDER = Object.values(PROVIDER_ENDPOINTS) as ProviderEndpoint[];
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const operationOf = (doc: ReturnType<typeof buildOpenApi>, e: { method: string; path: string }) =>
  (doc.paths as Record<string, Record<string, Operation>>)[openApiPath(e.path)]?.[e.method.toLowerCase()] as Operation;

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://portal.example.test/' });
  });
  afterAll(() => t.close());

  it('describes every operation of both APIs in OpenAPI 3.1, from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, m]) =>
      Object.keys(m).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = [...Object.values(ENDPOINTS), ...Object.values(PROVIDER_ENDPOINTS)].map(
      (e) => `${e.method} ${e.path.replace(/:([A-Za-z]+)/g, '{$1}')}`,
    );
    expect(ops.sort()).toEqual(expected.sort());
    const login = doc.paths['/api/account/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['EmailAddress', 'Password']),
    );
    expect(Object.keys(login.responses)).toEqual(['200', '225', '4XX']);
    expect(login.responses['4XX'].description).toContain('415');
    const message = doc.paths['/provider/v1/messages'].post;
    expect(message.security).toEqual([{ ProviderApiKey: ['messages:write'] }]);
    expect(message.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(doc.paths['/provider/v1/claimants/{ref}'].put.parameters[0]).toMatchObject({
      name: 'ref',
      in: 'path',
      required: true,
    });
    // The portal's public address as the server, when configured.
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://portal.example.test' })]);
  });

  it('names every operation once, by its endpoint-table key', () => {
    const doc = buildOpenApi();
    const ids = [...CLAIMANT, ...PROVIDER].map((e) => operationOf(doc, e).operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf(doc, ENDPOINTS.login).operationId).toBe('login');
    expect(operationOf(doc, PROVIDER_ENDPOINTS.postMessage).operationId).toBe('postMessage');
    // Served from the portal itself when PUBLIC_URL is not set.
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('says how every operation authenticates: the body token and the CSRF pair on the claimant API, a scoped key on the provider API', () => {
    const doc = buildOpenApi();
    const schemes = (
      doc.components as {
        securitySchemes: Record<string, { type: string; in?: string; name?: string; description?: string }>;
      }
    ).securitySchemes;
    expect(schemes.AccessToken).toMatchObject({ type: 'apiKey', name: 'AccessToken' });
    expect(schemes.AccessToken?.description).toContain('JSON body');
    expect(schemes.XsrfCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: '__Host-XSRF-TOKEN' });
    expect(schemes.XsrfHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    expect(schemes.ProviderApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const e of CLAIMANT) {
      const security = operationOf(doc, e).security;
      const where = `${e.method} ${e.path}`;
      expect(security, where).toBeDefined();
      const csrf = e.method === 'GET' ? {} : { XsrfCookie: [], XsrfHeader: [] };
      // A public GET needs nothing, and says so with an empty list; anything else names what it needs.
      if (e.auth === 'public') expect(security, where).toEqual(e.method === 'GET' ? [] : [csrf]);
      else expect(security, where).toEqual([{ AccessToken: [e.auth], ...csrf }]);
    }
    for (const e of PROVIDER) expect(operationOf(doc, e).security).toEqual([{ ProviderApiKey: [e.scope] }]);
    const used = [...CLAIMANT, ...PROVIDER].flatMap((e) =>
      (operationOf(doc, e).security ?? []).flatMap((r) => Object.keys(r)),
    );
    expect(Object.keys(schemes)).toEqual(expect.arrayContaining([...new Set(used)]));
  });

  it('describes each webhook event: one POST per Type, signed, its body the envelope schema, which validates a sample', () => {
    const doc = buildOpenApi();
    type Webhook = {
      post: {
        parameters: { name: string; in: string; required: boolean }[];
        requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } };
        responses: Record<string, unknown>;
      };
    };
    const hooks = doc.webhooks as Record<string, Webhook>;
    const types = ProviderEvent.options.map((o) => o.shape.Type.value);
    expect(Object.keys(hooks).sort()).toEqual([...types].sort());
    const headers = [...Object.values(WEBHOOK_HEADERS), ...Object.values(STANDARD_WEBHOOK_HEADERS)];
    for (const type of types) {
      const post = hooks[type]?.post as Webhook['post'];
      expect(Object.keys(hooks[type] ?? {}), type).toEqual(['post']);
      expect(post.parameters.map((p) => [p.name.toLowerCase(), p.in, p.required])).toEqual(
        headers.map((h) => [h, 'header', true]),
      );
      expect(Object.keys(post.responses)).toContain('2XX');
      // The document's JSON Schema itself, read back as a validator: it takes the sample and refuses what breaks it.
      const json = z.fromJSONSchema(
        post.requestBody.content['application/json'].schema as z.core.JSONSchema.JSONSchema,
      );
      const sample = sampleEvent(type);
      expect(ProviderEvent.safeParse(sample).success, type).toBe(true);
      expect(json.safeParse(sample).success, type).toBe(true);
      expect(json.safeParse({ ...sample, Data: { ...sample.Data, Unknown: 1 } }).success, type).toBe(false);
      const other = types.find((x) => x !== type);
      expect(json.safeParse({ ...sample, Type: other }).success, type).toBe(false);
    }
  });

  it('serves a browsable page that works under the strict CSP (no script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/provider/v1/messages');
    expect(res.body).toContain('/api/account/login');
    expect(res.body).toContain('<h2 id="webhooks">Webhook events</h2>');
    expect(res.body).toContain('helper-change');
    expect(res.body).not.toContain('<script');
    expect((await t.app.inject({ method: 'GET', url: '/docs/docs.css' })).headers['content-type']).toContain(
      'text/css',
    );
  });
});

describe('docs/api.md', () => {
  const file = new URL('../../../docs/api.md', import.meta.url);
  const committed = fs.readFileSync(file, 'utf8');

  it('is what npm run docs:api generates from the contracts', () => {
    // When this fails after a change to the endpoint tables or the catalogue: npm run docs:api.
    expect(committed).toBe(renderApiMarkdown(committed));
  });

  it('lists every call of both endpoint tables, the multipart uploads and every error number', () => {
    const missing = [...CLAIMANT, ...PROVIDER]
      .map((e) => `| ${e.method} ${e.path} |`)
      .filter((row) => !committed.includes(row));
    expect(missing).toEqual([]);
    for (const path of [UPLOAD_PATH, AUTHORITY_UPLOAD_PATH, RESUMABLE_UPLOAD_PATH])
      expect(committed).toContain(`| POST ${path} |`);
    for (const entry of CATALOGUE_ENTRIES) expect(committed).toContain(`| ${entry.number} |`);
  });

  it('writes its hand-written notes about calls that exist', () => {
    const known = new Set(
      [...CLAIMANT, ...PROVIDER]
        .map((e) => `${e.method} ${e.path}`)
        .concat([`POST ${UPLOAD_PATH}`, `POST ${AUTHORITY_UPLOAD_PATH}`, `POST ${RESUMABLE_UPLOAD_PATH}`]),
    );
    const named = [...committed.matchAll(/\b(GET|POST|PUT) (\/(?:api|provider)\/[^\s|`*?]+)/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(named.length).toBeGreaterThan(known.size);
    expect(named.filter((call) => !known.has(call))).toEqual([]);
  });
});
