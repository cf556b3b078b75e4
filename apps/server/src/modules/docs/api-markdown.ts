/**
 * docs/api.md's reference tables, generated from the contracts — the claimant endpoint table, the
 * provider endpoint table, the webhook events and the error catalogue — so the document cannot miss
 * a call or drift from what the server enforces. The prose around them (conventions, notes on particular calls)
 * stays hand-written in docs/api.md; only the parts between the generated markers are rewritten.
 * `npm run docs:api` writes the file; apps/server/test/docs.test.ts fails when it is stale.
 */
import type { z } from 'zod';
import {
  CATALOGUE_ENTRIES,
  ENDPOINTS,
  PROVIDER_ENDPOINTS,
  PROVIDER_EVENT_SUMMARIES,
  ProviderEvent,
  type Endpoint,
  type ProviderEndpoint,
} from '@portal/contracts';
import { schema } from './json-schema.ts';
import { AUTH_LABEL } from './openapi.ts';

/** The JSON Schema subset zod's toJSONSchema produces for the contracts. */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  additionalProperties?: unknown;
};

/** Enumerations longer than this are named by their field only. */
const MAX_VALUES = 8;

const cell = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/([*_<>])/g, '\\$1')
    .replace(/\s*\n\s*/g, ' ');

function values(s: Schema): unknown[] | undefined {
  if (s.enum) return s.enum;
  if (s.const !== undefined) return [s.const];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.every((a) => a.const !== undefined || a.enum)) return alternatives.flatMap((a) => values(a) ?? []);
  return undefined;
}

/** The schema without its `null` alternative, and whether it had one. */
function withoutNull(s: Schema): { schema: Schema; nullable: boolean } {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.some((a) => a.type === 'null')) {
    const rest = alternatives.filter((a) => a.type !== 'null');
    return { schema: rest.length === 1 && rest[0] ? rest[0] : { anyOf: rest }, nullable: true };
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const rest = s.type.filter((t) => t !== 'null');
    return { schema: { ...s, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { schema: s, nullable: false };
}

/** A value's shape: objects as `{ Field, Optional? }` down to `depth` levels, lists as `[…]`. */
function shape(s: Schema, depth: number): string {
  const { schema: inner, nullable } = withoutNull(s);
  const orNull = nullable ? ' or null' : '';
  const listed = values(inner);
  if (listed)
    return (listed.length <= MAX_VALUES ? listed.map((v) => JSON.stringify(v)).join(' | ') : 'one of a list') + orNull;
  const alternatives = inner.anyOf ?? inner.oneOf;
  if (alternatives) return [...new Set(alternatives.map((a) => shape(a, depth)))].join(' or ') + orNull;
  if (inner.type === 'array') return `[${inner.items ? shape(inner.items, depth) : ''}]${orNull}`;
  if (inner.type === 'object') {
    if (!inner.properties) return `an object${orNull}`;
    if (Object.keys(inner.properties).length === 0) return `{}${orNull}`;
    return (depth > 0 ? `{ ${fields(inner, depth - 1)} }` : '{…}') + orNull;
  }
  return `${Array.isArray(inner.type) ? inner.type.join(' or ') : (inner.type ?? 'any value')}${orNull}`;
}

/** A string, number or boolean (or a choice of them, such as a string or ''): named by its field alone. */
function isScalar(s: Schema): boolean {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.every(isScalar);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return !types.includes('object') && !types.includes('array');
}

/** An object's fields: `Name` (`Name?` when optional), with the shape of any that is not a plain scalar. */
function fields(s: Schema, depth: number, leave: readonly string[] = []): string {
  return Object.entries(s.properties ?? {})
    .filter(([name]) => !leave.includes(name))
    .map(([name, prop]) => {
      const optional = (s.required ?? []).includes(name) ? '' : '?';
      const { schema: inner, nullable } = withoutNull(prop);
      const detail = values(inner)
        ? ` (${shape(prop, depth)})`
        : isScalar(inner)
          ? nullable
            ? ' (or null)'
            : ''
          : ` ${shape(prop, depth)}`;
      return `${name}${optional}${detail}`;
    })
    .join(', ');
}

const json = (s: z.ZodType, io: 'input' | 'output') => schema(s, io) as Schema;

function requestCell(e: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType }): string {
  const parts = [
    ...(e.params ? [`path: ${fields(json(e.params, 'input'), 1)}`] : []),
    ...(e.query ? [`query: ${fields(json(e.query, 'input'), 1)}`] : []),
  ];
  // The claimant API's token is a convention of every body (docs/api.md, "Token"), not a field of the call.
  const bodySchema = e.body ? json(e.body, 'input') : undefined;
  let body = bodySchema ? fields(bodySchema, 1, ['AccessToken']) : '';
  // An open body (its shape depends on a path parameter) is described by the call's summary.
  if (bodySchema && !body && bodySchema.additionalProperties !== false) body = 'an object (see What it does)';
  if (body) parts.push(parts.length ? `body: ${body}` : body);
  return parts.length ? cell(parts.join('; ')) : '—';
}

/** An answer's shape; one the schema leaves open (a streamed file) is described by the call's summary. */
function answerCell(response: z.ZodType): string {
  const answer = shape(json(response, 'output'), 2);
  return answer === 'any value' ? 'see What it does' : cell(answer);
}

function claimantCalls(): string {
  const rows = (Object.values(ENDPOINTS) as Endpoint[]).map(
    (e) =>
      `| ${e.method} ${e.path} | ${AUTH_LABEL[e.auth]} | ${requestCell(e)} | ${answerCell(e.response)} | ${cell(e.summary)} |`,
  );
  return ['| Call | Who | Request | Answer | What it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** A provider call's answer: its JSON (201 too when it creates), none (204), or a file's bytes. */
function providerAnswer(e: ProviderEndpoint): string {
  if (e.noContent) return '204, no body';
  if (!e.response) return "the file's bytes";
  return e.creates ? `201 created, 200 changed: ${answerCell(e.response)}` : answerCell(e.response);
}

function providerCalls(): string {
  const rows = (Object.values(PROVIDER_ENDPOINTS) as ProviderEndpoint[]).map(
    (e) => `| ${e.method} ${e.path} | \`${e.scope}\` | ${requestCell(e)} | ${providerAnswer(e)} | ${cell(e.summary)} |`,
  );
  return ['| Call | Scope | Request | Answer | What it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Each webhook event Type and its Data (the contracts' ProviderEvent; the OpenAPI document's `webhooks`). */
function webhookEvents(): string {
  const rows = ProviderEvent.options.map((event) => {
    const type = event.shape.Type.value;
    return `| \`${type}\` | ${cell(fields(json(event.shape.Data, 'output'), 2))} | ${cell(PROVIDER_EVENT_SUMMARIES[type])} |`;
  });
  return ['| Type | Data | What it says |', '|---|---|---|', ...rows].join('\n');
}

function errorNumbers(): string {
  const rows = CATALOGUE_ENTRIES.map((e) => `| ${e.number} | ${cell(e.meaning)} | ${cell(e.message)} |`);
  return ['| No. | Meaning | Message |', '|---|---|---|', ...rows].join('\n');
}

/** Each generated part of docs/api.md, by the name its markers carry. */
const GENERATED_PARTS: Record<string, () => string> = {
  'claimant-calls': claimantCalls,
  'provider-calls': providerCalls,
  'webhook-events': webhookEvents,
  'error-numbers': errorNumbers,
};

const begin = (name: string) =>
  `<!-- generated: ${name} (npm run docs:api writes this part from packages/contracts; do not edit it by hand) -->`;
const end = (name: string) => `<!-- end of generated: ${name} -->`;

/** docs/api.md with every generated part written afresh; throws when a part's markers are missing. */
export function renderApiMarkdown(current: string): string {
  let text = current;
  for (const [name, render] of Object.entries(GENERATED_PARTS)) {
    const from = text.indexOf(begin(name));
    const to = text.indexOf(end(name));
    if (from < 0 || to < from)
      throw new Error(
        `docs/api.md has no generated part "${name}": put\n${begin(name)}\n${end(name)}\nwhere it belongs`,
      );
    text = `${text.slice(0, from)}${begin(name)}\n${render()}\n${text.slice(to)}`;
  }
  return text;
}
