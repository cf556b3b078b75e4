/**
 * The typed call: every API call of the web app is `call(name, body, options)`, typed by the
 * contracts' endpoint table as the server's binder (apps/server/src/plugins/endpoint.ts) is — the
 * body is what the endpoint's body schema takes (z.input; the request layer adds AccessToken),
 * the answer is what its response schema gives (z.output), path parameters and the query string
 * are the endpoint's own. No caller writes an answer type by hand (STYLE.md rule 14).
 *
 * Only types come from ENDPOINTS here: at run time the call reads its method, path and auth from
 * the zod-free ROUTES, and its answer is checked with ENDPOINTS[name].response, downloaded with
 * the schemas of its area while the first call of that area is in flight (request-checks.ts
 * loadEndpoint) — so a first visit to /login downloads no zod (docs/decisions/016).
 *
 * The function itself lives in ./request.ts, beside the untyped request it wraps, so that request
 * stays private: this module holds its types and exports it.
 */
import type { ENDPOINTS } from '@portal/contracts';
import type { z } from 'zod';
import type { RequestOptions } from './request.ts';

type Table = typeof ENDPOINTS;

/** A call of the endpoint table (ROUTES and ENDPOINTS share their names). */
export type EndpointName = keyof Table;

type SchemaOf<K extends EndpointName, Part extends string> = Table[K] extends { [P in Part]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What a call sends: the body schema's input. A GET sends no body (`{}`). */
export type CallBody<K extends EndpointName> =
  SchemaOf<K, 'body'> extends z.ZodType ? z.input<SchemaOf<K, 'body'>> : Record<string, never>;

/** What a call answers: the response schema's output. */
export type CallAnswer<K extends EndpointName> = z.output<Table[K]['response']>;

type PathParams<K extends EndpointName> =
  SchemaOf<K, 'params'> extends z.ZodType ? { params: z.input<SchemaOf<K, 'params'>> } : { params?: never };
type QueryParams<K extends EndpointName> =
  SchemaOf<K, 'query'> extends z.ZodType ? { query: z.input<SchemaOf<K, 'query'>> } : { query?: never };

/**
 * The request layer's options, plus the endpoint's path parameters (`params`, e.g. the content
 * document's name) and query string (`query`) where it has them, and `check`: the answer's check
 * written without zod, for the one call read before the first render (getinformation).
 */
export type CallOptions<K extends EndpointName> = Omit<RequestOptions, 'binary'> &
  PathParams<K> &
  QueryParams<K> & {
    check?: { safeParse(value: unknown): { success: true; data: CallAnswer<K> } | { success: false } };
  };

/** An endpoint with path parameters or a query string needs its options. */
export type OptionsArgument<K extends EndpointName> =
  SchemaOf<K, 'params'> extends z.ZodType
    ? [options: CallOptions<K>]
    : SchemaOf<K, 'query'> extends z.ZodType
      ? [options: CallOptions<K>]
      : [options?: CallOptions<K>];

export { call } from './request.ts';
