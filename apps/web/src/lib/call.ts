/**
 * The typed call: every API call of the web app is `call(name, body, options)`, typed by the
 * contracts' endpoint table as the server's binder (apps/server/src/plugins/endpoint.ts) is — the
 * body is what the endpoint's body schema takes (z.input; the request layer adds AccessToken),
 * the answer is what its response schema gives (z.output), path parameters and the query string
 * are the endpoint's own. No caller writes an answer type by hand (STYLE.md rule 14).
 *
 * Only types come from ENDPOINTS here: at run time the call reads its method, path and auth from
 * the zod-free ROUTES, and its answer is checked with ENDPOINTS[name].response, downloaded with
 * the rest of the schemas while the first call is in flight (request.ts loadSchemas) — so a first
 * visit to /login downloads no zod (docs/decisions/016).
 */
import { ROUTES, type ENDPOINTS } from '@portal/contracts';
import type { z } from 'zod';
import { loadSchemas, request, type BinaryAnswer, type RequestOptions, type ResponseCheck } from './request.ts';

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
type OptionsArgument<K extends EndpointName> =
  SchemaOf<K, 'params'> extends z.ZodType
    ? [options: CallOptions<K>]
    : SchemaOf<K, 'query'> extends z.ZodType
      ? [options: CallOptions<K>]
      : [options?: CallOptions<K>];

/** '/api/content/:name' with { name: 'terms' } → '/api/content/terms'. */
function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z]+)/g, (whole, key: string) =>
    key in params ? encodeURIComponent(String(params[key])) : whole,
  );
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A file download (downloadfile): a 200 answers the bytes. */
export function call<K extends EndpointName>(
  name: K,
  body: CallBody<K>,
  options: CallOptions<K> & { binary: true },
): Promise<BinaryAnswer>;
/** Calls the endpoint `name` of the contracts' table; resolves with its checked answer. */
export function call<K extends EndpointName>(
  name: K,
  body: CallBody<K>,
  ...options: OptionsArgument<K>
): Promise<CallAnswer<K>>;
export function call(
  name: EndpointName,
  body: Record<string, unknown>,
  options: Omit<RequestOptions, 'binary'> & {
    binary?: boolean;
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    check?: ResponseCheck;
  } = {},
): Promise<unknown> {
  const { params, query, check, ...rest } = options;
  const route = ROUTES[name];
  const path = withQuery(fillPath(route.path, params), query);
  const response = check ?? (() => loadSchemas().then((schemas) => schemas.ENDPOINTS[name].response));
  return request({ ...route, path, response }, body, rest);
}
