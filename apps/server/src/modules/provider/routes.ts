/**
 * The provider API (/provider/v1): its own scope with its own error format (problem details),
 * API-key authentication before any body is read, a scope check per operation and idempotent
 * writes. Claimant tokens mean nothing here, and API keys mean nothing on /api.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER, PROVIDER_ENDPOINTS, type ProviderEndpoint } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { contentDisposition } from '../uploads/service.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { ProviderError } from './errors.ts';
import { Answer, runIdempotent, type IdempotencyFault, type Write } from './idempotency.ts';
import * as appointments from '../helpers/appointments.ts';
import { authenticateApiKey, type ApiKeyAuth } from './keys.ts';
import * as details from './details-requests.ts';
import * as content from './portal-content.ts';
import * as service from './service.ts';
import { setDecision } from '../payments/decision-provider.ts';
import * as payments from '../payments/provider.ts';
import { MACHINE_API } from '../../lib/route-controls.ts';
import { isUnreachable } from '../../lib/unreachable.ts';
import { BUSY_RETRY_AFTER_S } from '../../errors.ts';

/** Five attachments of up to 10 MB each, base64-encoded, plus the message. */
const PROVIDER_BODY_LIMIT = 72 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyAuth | null;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Ctx<E extends ProviderEndpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  reply: FastifyReply;
  /** The request's write: with an Idempotency-Key, in one transaction with the key and its answer. */
  write: Write;
};

function problemFromValidation(err: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  return new ProviderError(
    400,
    'Bad Request',
    'The request does not match the schema',
    err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'Invalid value',
    })),
  );
}

/** Every error of the provider API as problem details; a dependency out of reach is 503 with Retry-After. */
function answerProblem(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let problem: ProviderError;
  if (err instanceof ProviderError) problem = err;
  else if (hasZodFastifySchemaValidationErrors(err)) problem = problemFromValidation(err);
  else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    problem = new ProviderError(413, 'Content Too Large', `At most ${PROVIDER_BODY_LIMIT} bytes`);
  // A body of another type (multipart, text) is 415 Unsupported Media Type, and so titled.
  else if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500)
    problem = new ProviderError(
      err.statusCode,
      STATUS_CODES[err.statusCode] ?? 'Bad Request',
      'The request could not be read',
    );
  else if (isUnreachable(err)) {
    // Nothing was done (a write's transaction rolled back with its key): the same request may be sent again.
    request.log.warn({ err: { message: err.message } }, 'provider API answered busy: a dependency cannot be reached');
    problem = new ProviderError(
      503,
      'Service Unavailable',
      `The portal cannot reach its database or Redis; nothing was done. Retry after ${BUSY_RETRY_AFTER_S} seconds`,
    );
    void reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
  } else {
    request.log.error({ err }, 'provider API error');
    problem = new ProviderError(500, 'Internal Server Error');
  }
  return reply.code(problem.status).type('application/problem+json').send(problem.toProblem());
}

export async function providerRoutes(
  app: FastifyInstance,
  deps: Deps,
  store: FileStore,
  fault?: IdempotencyFault,
): Promise<void> {
  await app.register(async (scope) => {
    scope.decorateRequest('apiKey', null);
    scope.setErrorHandler(answerProblem);
    // The key is checked before the body is read: an unauthenticated caller cannot make the
    // server parse a 72 MB body.
    scope.addHook('onRequest', async (request) => {
      request.apiKey = await authenticateApiKey(deps.db, deps.clock.now(), request.headers.authorization);
    });

    const bind = <E extends ProviderEndpoint>(endpoint: E, handler: (ctx: Ctx<E>) => Promise<unknown>) => {
      scope.withTypeProvider<ZodTypeProvider>().route({
        method: endpoint.method,
        url: endpoint.path,
        config: { controls: MACHINE_API },
        ...(endpoint.body ? { bodyLimit: PROVIDER_BODY_LIMIT } : {}),
        schema: {
          ...(endpoint.body ? { body: endpoint.body } : {}),
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.response
            ? { response: { 200: endpoint.response, ...(endpoint.creates ? { 201: endpoint.response } : {}) } }
            : {}),
          summary: endpoint.summary,
        },
        handler: async (request, reply) => {
          const key = request.apiKey as ApiKeyAuth;
          if (!key.scopes.includes(endpoint.scope))
            throw new ProviderError(403, 'Forbidden', `This key lacks the ${endpoint.scope} scope`);
          const write: Write = (work) => work(deps);
          const ctx = { params: request.params, query: request.query, body: request.body, reply, write } as Ctx<E>;
          const idempotencyKey = request.headers[IDEMPOTENCY_HEADER];
          const answer = (status: number, body: unknown) =>
            status === 204 ? reply.code(204).send() : reply.code(status).send(body);
          if (endpoint.method === 'GET' || typeof idempotencyKey !== 'string') {
            const result = await handler(ctx);
            return result instanceof Answer ? answer(result.status, result.body) : result;
          }
          const result = await runIdempotent(
            deps,
            { keyId: key.keyId, idempotencyKey, method: request.method, url: request.url, body: request.body },
            (keyed) => handler({ ...ctx, write: keyed }),
            fault,
          );
          if (result.replayed) reply.header('idempotent-replayed', 'true');
          return answer(result.status, result.body);
        },
      });
    };

    const E = PROVIDER_ENDPOINTS;
    // Every write goes through `write`: the handler's work, with an Idempotency-Key, is the key's transaction.
    bind(E.upsertClaimant, ({ params, body, write }) => write((d) => service.upsertClaimant(d, params.ref, body)));
    bind(E.getClaimant, ({ params }) => service.findClaimant(deps, params.ref));
    bind(E.postMessage, ({ body, write }) => service.postMessage(deps, store, body, write));
    bind(E.setSentItemStatus, ({ params, body, write }) => write((d) => details.setSentItemStatus(d, params.id, body)));
    bind(E.upsertPayment, ({ body, write }) => write((d) => payments.upsertPayment(d, body)));
    bind(E.listPayments, ({ query }) => payments.listPayments(deps, query));
    bind(E.setDecision, ({ params, body, write }) => setDecision(deps, store, params.id, body, write));
    bind(E.listDetailsRequests, ({ query }) => details.listDetailsRequests(deps, query.status));
    bind(E.decideDetailsRequest, ({ params, body, write }) =>
      write((d) => details.decideDetailsRequest(d, params.id, body)),
    );
    bind(E.setMaintenance, ({ body, write }) => write((d) => content.setMaintenance(d, body)));
    bind(E.putContent, ({ params, body, write }) => write((d) => content.putContent(d, params.name, body.Html)));
    bind(E.putService, ({ params, body, write }) => write((d) => content.putService(d, params.id, body)));
    bind(E.putList, ({ params, body, write }) => write((d) => content.putList(d, params.listType, body)));
    bind(E.putSurvey, ({ body, write }) => write((d) => content.putSurvey(d, body)));
    bind(E.appointHelper, ({ params, body, write }) =>
      write(async (d) => {
        const r = await appointments.appointHelper(d, params.claimNumber, params.ref, body);
        return r.created ? new Answer(201, r.helper) : r.helper;
      }),
    );
    bind(E.endHelperAppointment, ({ params, write }) =>
      write(async (d) => {
        await appointments.endAppointment(d, params.claimNumber, params.ref);
        return new Answer(204);
      }),
    );
    bind(E.listClaimHelpers, ({ params }) => appointments.listClaimHelpers(deps, params.claimNumber));
    bind(E.getFile, async ({ params, reply }) => {
      const f = await service.openSubmittedFile(deps, store, params.id);
      return reply
        .headers({
          'content-type': f.mime,
          'content-length': String(f.size),
          'content-disposition': contentDisposition(f.filename),
          'x-content-type-options': 'nosniff',
        })
        .send(f.stream);
    });
  });
}
