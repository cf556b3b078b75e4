/**
 * Binds an endpoint of the contracts' table to a handler: method, path, request and response
 * schemas and the sign-in requirement come from contracts, so routes stay thin (STYLE rule 2).
 * The sign-in each call needs is decided here, from the matched route: the session (this module),
 * the survey's token, and a helper's access to the selected claim (decision 041). It lives with
 * the session, not in plugins/, because it is where a request meets the sessions it needs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorNumber, type Endpoint } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authenticate, type AuthContext } from './service.ts';
import { authenticateSurvey, type SurveyAuth } from '../survey/service.ts';
import { CLAIMANT_API, type AccountRateLimit } from '../../lib/route-controls.ts';
import { claimAccess, recordHelperCall } from '../helpers/access.ts';

type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.output<E['params']> : undefined;
type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
type AuthOf<E extends Endpoint> = E['auth'] extends 'public'
  ? null
  : E['auth'] extends 'survey'
    ? SurveyAuth
    : AuthContext;

export type HandlerContext<E extends Endpoint> = {
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  auth: AuthOf<E>;
  /**
   * For 'claim' endpoints: the selected claim's id, checked to belong to the claimant or to be
   * one the caller helps with at the endpoint's helper level (auth is then the claimant's, decision 041).
   */
  claimId: E['auth'] extends 'claim' ? string : null;
  request: FastifyRequest;
  reply: FastifyReply;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | SurveyAuth | null;
  }
}

function tokenOf(request: FastifyRequest): unknown {
  const body = request.body;
  return body && typeof body === 'object' && 'AccessToken' in body
    ? (body as { AccessToken: unknown }).AccessToken
    : undefined;
}

export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<z.input<E['response']>>,
  options: { rateLimit?: { max: number; timeWindow: number }; accountRateLimit?: AccountRateLimit } = {},
): void {
  if (options.accountRateLimit && (endpoint.auth === 'public' || endpoint.auth === 'survey')) {
    throw new Error(`${endpoint.path}: a per-account limit needs a signed-in account`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
      summary: endpoint.summary,
    },
    config: {
      controls: CLAIMANT_API,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.accountRateLimit ? { accountRateLimit: options.accountRateLimit } : {}),
    },
    // Authentication runs before body validation, so a caller without a session learns nothing
    // about the shape a call expects.
    preValidation: async (request) => {
      request.auth =
        endpoint.auth === 'public'
          ? null
          : endpoint.auth === 'survey'
            ? await authenticateSurvey(deps, tokenOf(request))
            : await authenticate(
                deps,
                tokenOf(request),
                endpoint.auth === 'pending' ? ['registration', 'verification'] : ['login'],
              );
      if (endpoint.auth === 'claim') {
        if (!(request.auth && 'selectedClaimId' in request.auth)) throw new AppError(ErrorNumber.NoClaimSelected);
        request.auth = await claimAccess(deps, request.auth, endpoint.helper);
      }
    },
    handler: async (request, reply) => {
      const ctx = {
        body: request.body,
        query: request.query,
        params: request.params,
        auth: request.auth,
        claimId: request.auth && 'selectedClaimId' in request.auth ? request.auth.selectedClaimId : null,
        request,
        reply,
      } as HandlerContext<E>;
      const answer = await handler(ctx);
      if (request.auth && 'helper' in request.auth) await recordHelperCall(deps, request.auth, endpoint.path);
      return answer;
    },
  });
}
