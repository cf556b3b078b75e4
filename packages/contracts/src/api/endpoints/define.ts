import type { z } from 'zod';
import type { Route } from '../routes.ts';
import type { AreaCall, EndpointArea } from '../routes.ts';

/** A call of the claimant API: its route (routes.ts) with the schemas both sides check it with. */
export type Endpoint = Route & {
  /** What the call does, for the API description (docs/api.md, OpenAPI). */
  summary: string;
  body?: z.ZodType;
  /** Path parameters, e.g. /api/content/:name. */
  params?: z.ZodType;
  /** GET calls: the query string's schema. */
  query?: z.ZodType;
  response: z.ZodType;
};

export function post<R extends Route & { method: 'POST' }, B extends z.ZodType, S extends z.ZodType>(
  route: R,
  body: B,
  response: S,
  summary: string,
): R & { body: B; response: S; summary: string } {
  return { ...route, body, response, summary };
}

export function get<R extends Route & { method: 'GET' }, S extends z.ZodType>(
  route: R,
  response: S,
  summary: string,
): R & { response: S; summary: string } {
  return { ...route, response, summary };
}

/**
 * An area's table: exactly the calls ENDPOINT_AREAS (routes.ts) lists for it (declare it `satisfies AreaTable<'area'>`),
 * so the web app finds each call's schemas in the chunk of its area.
 */
export type AreaTable<A extends EndpointArea> = { [K in AreaCall<A>]: Endpoint };
