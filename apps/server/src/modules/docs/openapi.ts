/**
 * The OpenAPI 3.1 description of both APIs, generated from the contracts' zod schemas (the same
 * schemas the routes validate with), so the documentation cannot drift from what is enforced.
 */
import type { z } from 'zod';
import {
  APP_VERSION,
  ENDPOINTS,
  PROVIDER_ENDPOINTS,
  Problem,
  type Auth,
  type Endpoint,
  type ProviderEndpoint,
} from '@portal/contracts';
import { ERROR_STATUS } from '../../errors.ts';
import { schema, type Json } from './json-schema.ts';
import { WEBHOOKS_TAG, webhooks } from './webhooks.ts';

const CLAIMANT_TAG = 'Claimant API';
const PROVIDER_TAG = 'Provider API';

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(params: z.ZodType | undefined, query: z.ZodType | undefined): Json[] {
  const list: Json[] = [];
  for (const [where, s] of [
    ['path', params],
    ['query', query],
  ] as const) {
    if (!s) continue;
    const json = schema(s, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {}))
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
  }
  return list;
}

const ERROR_LIST = { $ref: '#/components/schemas/ErrorList' };
const PROBLEM = { $ref: '#/components/schemas/Problem' };

/** Names of the security schemes, as components.securitySchemes declares them. */
const ACCESS_TOKEN = 'AccessToken';
const XSRF_COOKIE = 'XsrfCookie';
const XSRF_HEADER = 'XsrfHeader';
const PROVIDER_KEY = 'ProviderApiKey';

/** Who may make a claimant call, in a word or two (docs/api.md's Who column). */
export const AUTH_LABEL: Record<Auth, string> = {
  public: 'anyone',
  session: 'signed in',
  claim: 'signed in, claim selected',
  pending: 'registration or verification token',
  survey: 'survey token',
};

const WHO: Record<Auth, string> = {
  public: 'No sign-in needed.',
  session: 'Needs a signed-in AccessToken in the body.',
  claim: 'Needs a signed-in AccessToken in the body, with a claim selected (106 otherwise).',
  pending: 'Needs a registration or verification AccessToken in the body (the one sign-in or reset answered).',
  survey: 'Needs a self-assessment AccessToken in the body (the one nidlogin answered).',
};

/**
 * The claimant API's controls as OpenAPI security requirements: the double-submit CSRF pair on
 * every unsafe method (lib/route-controls.ts), and the body's AccessToken, its list naming the
 * kind of token the call needs. A public GET needs nothing: an empty list says so.
 */
function claimantSecurity(e: Endpoint): Json[] {
  const csrf = e.method === 'GET' ? {} : { [XSRF_COOKIE]: [], [XSRF_HEADER]: [] };
  if (e.auth === 'public') return e.method === 'GET' ? [] : [csrf];
  return [{ [ACCESS_TOKEN]: [e.auth], ...csrf }];
}

/** What the framework or Node answers before the call's own code runs; the call's errors are 225. */
function claimantRefusals(e: Endpoint): string {
  return [
    ...(e.body ? ['415 (number 2) a body that is not JSON'] : []),
    ...(e.params ? ['404 (number 1) a path parameter longer than the router reads'] : []),
    '408 (number 150, connection closed) a request on which nothing arrived for REQUEST_TIMEOUT_MS, or not whole within REQUEST_TOTAL_TIMEOUT_MS',
  ].join('; ');
}

function claimantOperation(name: string, e: Endpoint): Json {
  return {
    operationId: name,
    tags: [CLAIMANT_TAG],
    summary: e.summary,
    description: `${WHO[e.auth]}${e.method === 'GET' ? '' : ' Needs the X-XSRF-TOKEN header matching the __Host-XSRF-TOKEN cookie (103 otherwise).'}`,
    security: claimantSecurity(e),
    parameters: parameters(e.params, e.query),
    ...(e.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schema(e.body, 'input') } } } }
      : {}),
    responses: {
      200: { description: 'Success', content: { 'application/json': { schema: schema(e.response, 'output') } } },
      [ERROR_STATUS]: {
        description: 'A list of errors (spec 000 §8): Number, Message and the Field it is about',
        content: { 'application/json': { schema: ERROR_LIST } },
      },
      '4XX': {
        description: `Refused before the call ran: ${claimantRefusals(e)}.`,
        content: { 'application/json': { schema: ERROR_LIST } },
      },
    },
  };
}

/** A provider call's success: JSON (201 too when it creates), none (204), or a file's bytes. */
function success(e: ProviderEndpoint): Record<string, Json> {
  if (e.noContent) return { 204: { description: 'Done: nothing to answer' } };
  if (!e.response)
    return {
      200: {
        description: 'The file',
        content: {
          'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    };
  const content = { 'application/json': { schema: schema(e.response, 'output') } };
  return {
    200: { description: e.creates ? 'Changed' : 'Success', content },
    ...(e.creates ? { 201: { description: 'Created', content } } : {}),
  };
}

function providerOperation(name: string, e: ProviderEndpoint): Json {
  const write = e.method !== 'GET';
  return {
    operationId: name,
    tags: [PROVIDER_TAG],
    summary: e.summary,
    description:
      `Scope: \`${e.scope}\`.` +
      (write
        ? ' Send an Idempotency-Key header to make a retry safe: the same key and body answer the same result once.'
        : ''),
    // OpenAPI 3.1 lets a bearer requirement name roles: the key's scope this call needs.
    security: [{ [PROVIDER_KEY]: [e.scope] }],
    parameters: [
      ...parameters(e.params, e.query),
      ...(write
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,100}$' },
            },
          ]
        : []),
    ],
    ...(e.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schema(e.body, 'input') } } } }
      : {}),
    responses: {
      ...success(e),
      '4XX': {
        description:
          'A problem (RFC 9457): 400 invalid, 401 no valid key, 403 scope missing, 404 not found, 409 conflict, ' +
          '413 body too large, 415 not JSON, 422 unprocessable',
        content: { 'application/problem+json': { schema: PROBLEM } },
      },
      '5XX': {
        description: 'A problem (RFC 9457): 500, a fault on our side (logged)',
        content: { 'application/problem+json': { schema: PROBLEM } },
      },
    },
  };
}

/**
 * publicUrl: the portal's public address (PUBLIC_URL) as the one server; without it, '/' — the
 * document is served by the portal it describes, so its own origin.
 */
export function buildOpenApi(options: { publicUrl?: string | undefined } = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const add = (method: string, path: string, op: Json) => {
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = op;
  };
  for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][])
    add(e.method, e.path, claimantOperation(name, e));
  for (const [name, e] of Object.entries(PROVIDER_ENDPOINTS) as [string, ProviderEndpoint][])
    add(e.method, e.path, providerOperation(name, e));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Claimant portal API',
      version: APP_VERSION,
      description:
        'The claimant API used by the portal web app (/api), and the provider API for the claims system (/provider/v1). ' +
        "See docs/api.md for the claimant API's conventions and docs/provider-integration.md for the webhook events (`webhooks`).",
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [
      {
        url: options.publicUrl ?? '/',
        description: options.publicUrl ? 'The portal (PUBLIC_URL)' : 'The portal serving this document',
      },
    ],
    tags: [
      {
        name: CLAIMANT_TAG,
        description:
          "The web app's calls (spec 000 §7, spec 001 §7): JSON bodies carrying the AccessToken, " +
          'CSRF double-submit on unsafe methods, errors as HTTP 225 lists (docs/api.md).',
      },
      {
        name: PROVIDER_TAG,
        description:
          "The claims system's calls: bearer API keys with scopes, idempotent writes, errors as RFC 9457 problems (docs/provider-integration.md).",
      },
      { name: WEBHOOKS_TAG, description: 'What the portal POSTs to the claims system: one event per Type, signed.' },
    ],
    paths,
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        [ACCESS_TOKEN]: {
          type: 'apiKey',
          in: 'header',
          name: 'AccessToken',
          description:
            "The claimant API's session token. It is not a header: it travels as the `AccessToken` property " +
            'of the JSON body (spec 000 §7) — OpenAPI has no body location for a key, so `in: header` here is nominal, ' +
            'and a header of that name is ignored. ' +
            'Sign-in (login, then validatesecuritycodeforlogin), the reset (resetpassword), registration (register) ' +
            'and the self-assessment (nidlogin) answer one; validatesecuritycodewhileloggedin replaces it. ' +
            "The requirement's list names the kind a call needs: `session` (signed in), " +
            '`claim` (signed in with a selected claim), `pending` (a registration or verification token), ' +
            '`survey` (a self-assessment token, good for the survey calls only).',
        },
        [XSRF_COOKIE]: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-XSRF-TOKEN',
          description:
            'Double-submit CSRF token: the server sets this readable cookie (Secure, Path=/, SameSite=Strict; the __Host- prefix: this host only) ' +
            'on any answer to a browser without one; every unsafe claimant call must echo it in X-XSRF-TOKEN.',
        },
        [XSRF_HEADER]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description:
            "The __Host-XSRF-TOKEN cookie's value, on every unsafe claimant call (103 when missing or different).",
        },
        [PROVIDER_KEY]: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An API key from `npm run portal -- apikey create`, as `Authorization: Bearer <key>`. The requirement's list names the scope the call needs.",
        },
      },
      schemas: {
        ErrorList: {
          type: 'array',
          items: {
            type: 'object',
            required: ['Number', 'Message'],
            properties: { Number: { type: 'integer' }, Message: { type: 'string' }, Field: { type: 'string' } },
          },
        },
        Problem: schema(Problem, 'output'),
      },
    },
  };
}
