/**
 * The per-request controls — CSRF, the general rate limit, `Cache-Control: no-store` — are
 * declared where a route is declared and read from the route that matched, never from a prefix
 * of the raw request target: the router decodes `%61` to `a`, so `/%61pi/...` reaches an /api
 * route that a prefix test would not recognise (docs/security.md, "Route-bound controls").
 */
import type { FastifyRequest, RouteOptions } from 'fastify';

export type RouteControls = {
  /** Unsafe methods need the double-submit token (plugins/csrf.ts). */
  csrf: boolean;
  /** Counted by the general per-address rate limit (a route's own limit replaces it). */
  counted: boolean;
  /** Answers are never cached (the claimant API's answers hold personal data). */
  noStore: boolean;
};

/**
 * A route's own limit per signed-in account, counted after authentication and beside the general
 * per-address limit (plugins/account-rate-limit.ts): for calls costly enough that one claimant
 * should not run them without end, yet that claimants behind one address (an office, a NAT)
 * must not share.
 */
export type AccountRateLimit = { max: number; timeWindow: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    controls?: RouteControls;
    accountRateLimit?: AccountRateLimit;
  }
}

/** The claimant API (/api): cookie-borne session, so CSRF; counted; never cached. */
export const CLAIMANT_API: RouteControls = { csrf: true, counted: true, noStore: true };
/** The provider API and operator tools: API-key or no cookie authority, so no CSRF; counted; never cached. */
export const MACHINE_API: RouteControls = { csrf: false, counted: true, noStore: true };
/** Public GET-only pages and files (the web app's files, /docs, health checks). */
const PUBLIC_FILES: RouteControls = { csrf: false, counted: false, noStore: false };
/**
 * No route matched: the not-found handler answers 404 and runs nothing else, so there is nothing
 * to forge, but it is counted (no guessing paths for free) and never cached.
 */
const UNMATCHED: RouteControls = { csrf: false, counted: true, noStore: true };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The controls of the route the request matched; the strict set when none matched. */
export function controlsOf(request: FastifyRequest): RouteControls {
  if (request.is404) return UNMATCHED;
  return request.routeOptions.config.controls ?? UNMATCHED;
}

/**
 * onRoute: a GET-only route that declares nothing is a public file; any route taking another
 * method must declare its controls, or the server refuses to start (a new POST route can never
 * be left without CSRF by forgetting).
 */
export function requireDeclaredControls(route: RouteOptions): void {
  if (route.config?.controls) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((m) => SAFE_METHODS.has(String(m).toUpperCase()))) {
    route.config = { ...route.config, controls: PUBLIC_FILES };
    return;
  }
  throw new Error(`Route ${methods.join(',')} ${route.url} declares no controls (lib/route-controls.ts)`);
}

/**
 * For the not-found handler only, which has no route to ask: the path as the router would read
 * it (percent-decoded, dot segments and repeated slashes resolved), to choose the answer's format.
 */
export function normalisedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  const out: string[] = [];
  for (const segment of decoded.split(/[/\\]+/)) {
    const s = segment.split(';')[0] ?? '';
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s.toLowerCase());
  }
  return `/${out.join('/')}`;
}

/** Which part of the server an unmatched path was meant for, to answer 404 in that part's format. */
export function areaOfUnmatched(url: string): 'api' | 'provider' | 'dev' | 'web' {
  const first = normalisedPath(url).split('/')[1];
  return first === 'api' || first === 'provider' || first === 'dev' ? first : 'web';
}
