/**
 * Limits per signed-in account, for the routes that declare one (`config.accountRateLimit`, set
 * by bindEndpoint): a PDF statement costs hundreds of milliseconds of CPU, and a count per address
 * would share one budget among every claimant behind an office's or a carrier's address.
 *
 * It is @fastify/rate-limit's own counter (`createRateLimit`), so it lives where the other limits
 * live: in Redis when REDIS_URL is set, else in the database on PostgreSQL, counted exactly, else
 * in the process's memory. It runs as a preHandler, after authentication (bindEndpoint's
 * preValidation) and the body's validation: a caller without a session gets the session error and
 * costs the account nothing, and the general per-address limit (onRequest) still counts every
 * request. A refusal is the catalogue's 105 with Retry-After, like the other limits. With Redis
 * unreachable the request goes through uncounted, as the general limit does: a signed-in claimant
 * reading their own statement is not worth guessing at (the sign-in and recovery limits refuse).
 */
import { ErrorNumber } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The signed-in account, with the route: two routes' limits never share a count. (A limiter from
 * createRateLimit is not told its route, so the plugin files its keys under
 * `rate-limit:undefinedundefined-` in Redis and ` |` in the database; the key itself names both.)
 */
function accountKey(request: FastifyRequest): string {
  const auth = request.auth;
  // bindEndpoint refuses to declare the limit on a route without an account.
  if (!auth || !('accountId' in auth)) throw new Error('An account rate limit on a route without a signed-in account');
  return `account:${auth.accountId}|${request.method} ${request.routeOptions.url ?? ''}`;
}

export function registerAccountRateLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.accountRateLimit;
    if (!limit) return;
    const count = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: accountKey,
      // Not the general limit's: every request of this route is counted here.
      allowList: () => false,
      skipOnError: true,
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await count(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(ErrorNumber.RateLimited);
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [...(Array.isArray(existing) ? existing : [existing]), handler] : [handler];
  });
}
