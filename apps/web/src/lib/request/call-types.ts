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
 * stays private. These types are a module of their own so that request.ts and call.ts both build on
 * them and neither imports the other both ways; callers import everything from ./call.ts.
 */
import type { ENDPOINTS } from '@portal/contracts';
import type { z } from 'zod';

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

/** How one call is sent and answered; call.ts and request.ts re-export it. */
export type RequestOptions = {
  /** Do not show the alert for an error (the caller shows its own message). Forced logout still happens. */
  silent?: boolean;
  /** Shown in the full-screen loading overlay while the call is in flight. */
  loadingMessage?: string;
  /** Defaults to LIMITS.requestTimeoutMs (120 000 ms). */
  timeoutMs?: number;
  /** false: never add the stored AccessToken. */
  withToken?: boolean;
  /**
   * A token of its own for this call (the self-assessment's survey token), sent as AccessToken
   * instead of the stored session's. It is not the claimant's session: a token-expired answer
   * never signs the claimant out, and a success does not restart the claimant's idle clock.
   */
  token?: string;
  /** A token-expired answer is this call's own and signs nobody out (resumesession: a remembered session that ended). */
  keepSession?: boolean;
  /** fetch keepalive: lets a call (a page view) finish while the page unloads. */
  keepalive?: boolean;
  /** The caller's own cancellation; a cancelled call rejects with an AbortError and no alert. */
  signal?: AbortSignal;
  /** The 200 answer is a file's bytes, not JSON: the call resolves with a BinaryAnswer. */
  binary?: boolean;
};

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
