/**
 * The multipart parser of the upload calls, bounded while streaming, and the one way routes read
 * its parts. A body the parser cannot read — no boundary, the wrong boundary, cut short, garbage —
 * is the client's fault: busboy reports it as a plain Error (no status), which the error handler
 * would otherwise take for a fault of ours (500 and a stack trace in the log). readParts marks
 * every such error, from the part iterator or from a file's stream, so plugins/errors.ts answers
 * it as a malformed body.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@portal/contracts';

/** Errors raised by reading a client's multipart body (see isMalformedMultipart). */
const malformed = new WeakSet<object>();

function mark(err: unknown): unknown {
  if (err !== null && typeof err === 'object') malformed.add(err);
  return err;
}

/** True for an error that came from a multipart body the parser could not read. */
export function isMalformedMultipart(err: unknown): boolean {
  return err !== null && typeof err === 'object' && malformed.has(err);
}

/** Registers the parser in a scope, with the limits the parser enforces while streaming. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    // Its default would silently truncate a file over the limit.
    throwFileSizeLimit: true,
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 8, fieldSize: 4096, parts: 9, headerPairs: 100 },
  });
}

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

/**
 * The parts of a multipart request, in order. Errors of the parser, and of a file's stream while
 * the route reads it, are marked as malformed input; errors with a status of their own (the
 * parser's limits, a file over its size) keep it.
 */
export async function* readParts(request: FastifyRequest, options?: PartsOptions): AsyncGenerator<Multipart> {
  const parts = request.parts(options)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (e) {
        throw withoutStatus(e) ? mark(e) : e;
      }
      if (next.done) return;
      const part = next.value;
      if (part.type === 'file') {
        // An error may already have ended the stream before this listener is attached.
        if (part.file.errored && withoutStatus(part.file.errored)) mark(part.file.errored);
        part.file.on('error', (e) => {
          if (withoutStatus(e)) mark(e);
        });
      }
      yield part;
    }
  } finally {
    // A route that stops early (an error, or the one file it wanted) ends the parser's iterator too.
    await parts.return?.(undefined);
  }
}

const withoutStatus = (e: unknown) => (e as { statusCode?: number } | null)?.statusCode === undefined;
