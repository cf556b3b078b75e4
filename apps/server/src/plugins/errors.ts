/**
 * The one place errors become responses: HTTP 225 with a list of { Number, Message, Field? }
 * (spec 000 §8), 415 for an unsupported media type, never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorNumber, catalogueMessage, type ErrorItem } from '@portal/contracts';
import { AppError, ERROR_STATUS } from '../errors.ts';

function list(number: number): ErrorItem[] {
  return [{ Number: number, Message: catalogueMessage(number) }];
}

export function validationItems(error: { validation: { instancePath: string; message?: string; params?: Record<string, unknown> }[] }): ErrorItem[] {
  return error.validation.map((v) => {
    const keys = Array.isArray(v.params?.keys) ? (v.params.keys as string[]).join(', ') : '';
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || keys;
    return {
      Number: ErrorNumber.Validation,
      Message: v.message ?? 'Invalid value',
      ...(field ? { Field: field } : {}),
    };
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return reply.code(ERROR_STATUS).send(err.items);
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
