/**
 * The OpenAPI 3.1 description of both APIs, generated from the contracts' zod schemas (the same
 * schemas the routes validate with), so the documentation cannot drift from what is enforced.
 */
import { z } from 'zod';
import { APP_VERSION, ENDPOINTS, PROVIDER_ENDPOINTS, Problem, type Endpoint, type ProviderEndpoint } from '@portal/contracts';
import { ERROR_STATUS } from '../../errors.ts';

type Json = Record<string, unknown>;

function schema(s: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(s, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(params: z.ZodType | undefined, query: z.ZodType | undefined): Json[] {
  const list: Json[] = [];
  for (const [where, s] of [['path', params], ['query', query]] as const) {
    if (!s) continue;
    const json = schema(s, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
  }
  return list;
}

const ERROR_LIST = { $ref: '#/components/schemas/ErrorList' };
const PROBLEM = { $ref: '#/components/schemas/Problem' };

function claimantOperation(e: Endpoint): Json {
  return {
    tags: ['Claimant API'],
    summary: e.summary,
    description:
      e.auth === 'public'
        ? 'No sign-in needed.'
        : `Needs AccessToken in the body (${e.auth === 'claim' ? 'signed in, with a selected claim' : e.auth === 'pending' ? 'a registration or verification token' : e.auth === 'survey' ? 'a self-assessment token' : 'signed in'}). POSTs need the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie.`,
    parameters: parameters(e.params, e.query),
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(e.body, 'input') } } } } : {}),
    responses: {
      200: { description: 'Success', content: { 'application/json': { schema: schema(e.response, 'output') } } },
      [ERROR_STATUS]: { description: 'A list of errors (spec 000 §8): Number, Message and the Field it is about', content: { 'application/json': { schema: ERROR_LIST } } },
    },
  };
}

function providerOperation(e: ProviderEndpoint): Json {
  const write = e.method !== 'GET';
  return {
    tags: ['Provider API'],
    summary: e.summary,
    description: `Scope: \`${e.scope}\`.${write ? ' Send an Idempotency-Key header to make a retry safe: the same key and body answer the same result once.' : ''}`,
    security: [{ apiKey: [] }],
    parameters: [
      ...parameters(e.params, e.query),
      ...(write ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,100}$' } }] : []),
    ],
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(e.body, 'input') } } } } : {}),
    responses: {
      200: e.response
        ? { description: 'Success', content: { 'application/json': { schema: schema(e.response, 'output') } } }
        : { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
      default: { description: 'A problem (RFC 9457): 400 invalid, 401 no valid key, 403 scope missing, 404, 409 conflict, 422 unprocessable', content: { 'application/problem+json': { schema: PROBLEM } } },
    },
  };
}

export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const add = (method: string, path: string, op: Json) => {
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = op;
  };
  for (const e of Object.values(ENDPOINTS) as Endpoint[]) add(e.method, e.path, claimantOperation(e));
  for (const e of Object.values(PROVIDER_ENDPOINTS) as ProviderEndpoint[]) add(e.method, e.path, providerOperation(e));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Claimant portal API',
      version: APP_VERSION,
      description: 'The claimant API used by the portal web app (/api), and the provider API for the claims system (/provider/v1). See docs/provider-integration.md for the webhook events.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [{ name: 'Claimant API' }, { name: 'Provider API' }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from `npm run portal -- apikey create`' } },
      schemas: {
        ErrorList: { type: 'array', items: { type: 'object', required: ['Number', 'Message'], properties: { Number: { type: 'integer' }, Message: { type: 'string' }, Field: { type: 'string' } } } },
        Problem: schema(Problem, 'output'),
      },
    },
  };
}
