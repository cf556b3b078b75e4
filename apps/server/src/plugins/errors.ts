/**
 * The one place errors become responses: HTTP 225 with a list of { Number, Message, Field? }
 * (spec 000 §8), 415 for an unsupported media type, never a stack trace.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorNumber, catalogueMessage, type ErrorItem } from '@portal/contracts';
import { AppError, BUSY_RETRY_AFTER_S, DependencyUnavailable, ERROR_STATUS } from '../errors.ts';
import { isUnreachable } from '../lib/unreachable.ts';
import { areaOfUnmatched } from '../lib/route-controls.ts';
import { isMalformedMultipart } from './multipart.ts';

function list(number: number): ErrorItem[] {
  return [{ Number: number, Message: catalogueMessage(number) }];
}

/** At most this many items in one answer: a body of 40 000 unknown keys must not get 40 000 errors back. */
export const MAX_ERROR_ITEMS = 20;
/** Unknown keys named in one item; the rest are counted. */
const MAX_KEYS_NAMED = 5;
/** A Message or Field longer than this (an unknown key may be a megabyte long) is cut. */
const MAX_TEXT = 200;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/**
 * A list that fits in an answer: at most MAX_ERROR_ITEMS items, the last saying how many more
 * were left out, each Message and Field of bounded length.
 */
function boundedItems(items: readonly ErrorItem[]): ErrorItem[] {
  const shown = items.length > MAX_ERROR_ITEMS ? items.slice(0, MAX_ERROR_ITEMS - 1) : items;
  const bounded = shown.map((i) => ({
    ...i,
    Message: cut(i.Message),
    ...(i.Field !== undefined ? { Field: cut(i.Field) } : {}),
  }));
  const omitted = items.length - shown.length;
  if (omitted === 0) return bounded;
  return [
    ...bounded,
    { Number: ErrorNumber.Validation, Message: `${omitted} more error${omitted === 1 ? ' was' : 's were'} omitted` },
  ];
}

export function validationItems(error: {
  validation: { instancePath: string; message?: string; params?: Record<string, unknown> }[];
}): ErrorItem[] {
  // Zod reports every unknown key of an object in one issue, whose message names them all.
  return boundedItems(
    error.validation.map((v) => {
      const allKeys = Array.isArray(v.params?.keys) ? (v.params.keys as unknown[]).map(String) : [];
      const more = allKeys.length > MAX_KEYS_NAMED ? ` and ${allKeys.length - MAX_KEYS_NAMED} more` : '';
      const keys = allKeys.slice(0, MAX_KEYS_NAMED).join(', ') + more;
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || keys;
      const message = allKeys.length > MAX_KEYS_NAMED ? `Unrecognized keys: ${keys}` : (v.message ?? 'Invalid value');
      return {
        Number: ErrorNumber.Validation,
        Message: message,
        ...(field ? { Field: field } : {}),
      };
    }),
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A dependency that cannot be reached is the portal being busy, not a fault: 198, and when to try again.
    if (err instanceof DependencyUnavailable || (!(err instanceof AppError) && isUnreachable(err))) {
      request.log.warn({ err: { message: err.message } }, 'answered busy: a dependency cannot be reached');
      return reply
        .code(ERROR_STATUS)
        .header('retry-after', String(BUSY_RETRY_AFTER_S))
        .send(list(ErrorNumber.ServiceBusy));
    }
    if (err instanceof AppError) return reply.code(ERROR_STATUS).send(boundedItems(err.items));
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(ERROR_STATUS).send(validationItems(err));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(list(ErrorNumber.UnprocessableRequest));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(ERROR_STATUS).send(list(ErrorNumber.BodyTooLarge));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(ERROR_STATUS).send(list(ErrorNumber.MalformedBody));
    }
    if (err.statusCode === 429) return reply.code(ERROR_STATUS).send(list(ErrorNumber.RateLimited));
    // No boundary, the wrong one, a body cut short or garbage: the parser's errors carry no status.
    if (isMalformedMultipart(err)) return reply.code(ERROR_STATUS).send(list(ErrorNumber.MalformedBody));
    // JSON.parse errors and prototype-poisoning refusals carry a 400 and no FST code.
    if (err.statusCode === 400 && (err instanceof SyntaxError || /proto|constructor|JSON/i.test(err.message))) {
      return reply.code(ERROR_STATUS).send(list(ErrorNumber.MalformedBody));
    }
    if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(ERROR_STATUS).send(list(ErrorNumber.MalformedBody));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send(list(ErrorNumber.Internal));
  });
}

/**
 * Fastify's own answers from before routing (a path that cannot be percent-decoded, a path
 * parameter over the router's length): no route matched, so the area the path was meant for
 * chooses the documented format, as for any unknown path — never Fastify's default, which echoed
 * the URL. Counted nowhere and cached nowhere.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
  request.log.info({ code: error.code }, 'request refused before routing');
  if (areaOfUnmatched(request.url) === 'provider') {
    void reply
      .code(400)
      .type('application/problem+json')
      .send({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'The request URL could not be read' });
    return;
  }
  void reply.code(404).send(list(ErrorNumber.EndpointNotAvailable));
}
