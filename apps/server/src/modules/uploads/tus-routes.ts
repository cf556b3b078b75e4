/**
 * The tus 1.0 endpoints (core, creation, expiration, termination; decision 040): thin, like every
 * route. tus clients read HTTP statuses, so these answer tus's codes with the catalogue's list as
 * the body (the words the claimant sees), where the claimant API answers 225: 401 signed out,
 * 404 not the claimant's upload (or expired), 409 the wrong offset, 413 over 10 MB, 415 a type
 * not accepted, 423 another request appending, 429 the quota, 400 anything else malformed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorNumber, LIMITS, RESUMABLE_UPLOAD_PATH, isNotFoundNumber, isTokenExpiredNumber } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, zodIssueItems } from '../../errors.ts';
import { CLAIMANT_API } from '../../lib/route-controls.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { authenticate, type AuthContext } from '../session/service.ts';
import { claimAccess } from '../helpers/access.ts';
import {
  OffsetMismatch,
  ResumableMetadata,
  UploadBusy,
  appendResumable,
  createResumable,
  endResumable,
  findResumable,
  parseUploadMetadata,
  type ResumableState,
} from './resumable.ts';

const TUS_VERSION = '1.0.0';
const OFFSET_TYPE = 'application/offset+octet-stream';

function statusOf(n: number): number {
  if (isTokenExpiredNumber(n)) return 401;
  if (isNotFoundNumber(n)) return 404;
  if (n === ErrorNumber.DocumentTooLarge) return 413;
  if (n === ErrorNumber.DocumentTypeNotAccepted) return 415;
  if (n === ErrorNumber.UploadQuotaReached) return 429;
  return 400;
}

/** A PATCH whose body is not tus's offset stream (tus 1.0: 415). */
class NotOffsetStream extends Error {}

function fail(reply: FastifyReply, e: unknown): FastifyReply {
  reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
  if (e instanceof OffsetMismatch)
    return reply
      .code(409)
      .send([{ Number: ErrorNumber.Validation, Message: 'Upload-Offset is not where the upload stands' }]);
  if (e instanceof UploadBusy)
    return reply.code(423).send([{ Number: ErrorNumber.Validation, Message: 'The upload is already being sent' }]);
  if (e instanceof NotOffsetStream)
    return reply.code(415).send([{ Number: ErrorNumber.Validation, Message: `Content-Type must be ${OFFSET_TYPE}` }]);
  if (e instanceof AppError) return reply.code(statusOf(e.items[0]?.Number ?? 100)).send(e.items);
  throw e;
}

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : undefined;
}

/** Every request of an upload is a signed-in claimant's, with a claim selected. */
async function claimant(deps: Deps, request: FastifyRequest): Promise<{ auth: AuthContext; claimId: string }> {
  if (request.headers['tus-resumable'] !== TUS_VERSION)
    throw new AppError(ErrorNumber.Validation, `Tus-Resumable must be ${TUS_VERSION}`);
  // Sending a document is a Send helper's (decision 041).
  const auth = await claimAccess(deps, await authenticate(deps, bearer(request)), 'send');
  if (!auth.selectedClaimId) throw new AppError(ErrorNumber.NoClaimSelected);
  return { auth, claimId: auth.selectedClaimId };
}

function stateHeaders(reply: FastifyReply, s: ResumableState): FastifyReply {
  return reply.headers({
    'tus-resumable': TUS_VERSION,
    'upload-offset': String(s.offset),
    'upload-expires': new Date(s.expiresAt).toUTCString(),
    'cache-control': 'no-store',
  });
}

function declaredLength(request: FastifyRequest): number {
  const raw = request.headers['upload-length'];
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw))
    throw new AppError(ErrorNumber.Validation, 'Upload-Length is required (a deferred length is not supported)');
  return Number(raw);
}

export function tusRoutes(app: FastifyInstance, deps: Deps, store: FileStore): void {
  const one = `${RESUMABLE_UPLOAD_PATH}/:id`;
  const config = { controls: CLAIMANT_API };
  void app.register(async (scope) => {
    // The body of a PATCH is read by the service as it arrives, never parsed or buffered.
    scope.addContentTypeParser(OFFSET_TYPE, (_request, _payload, done) => done(null));

    scope.options(RESUMABLE_UPLOAD_PATH, { config }, async (_request, reply) =>
      reply
        .code(204)
        .headers({
          'tus-resumable': TUS_VERSION,
          'tus-version': TUS_VERSION,
          'tus-extension': 'creation,expiration,termination',
          'tus-max-size': String(LIMITS.uploadMaxBytes),
        })
        .send(),
    );

    scope.post(RESUMABLE_UPLOAD_PATH, { config }, async (request, reply) => {
      try {
        const { auth, claimId } = await claimant(deps, request);
        const length = declaredLength(request);
        const raw = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
        if (!raw) throw new AppError(ErrorNumber.Validation, 'Upload-Metadata is malformed');
        const meta = ResumableMetadata.safeParse(raw);
        if (!meta.success) throw AppError.list(zodIssueItems(meta.error.issues));
        const state = await createResumable(deps, auth, claimId, length, meta.data);
        return stateHeaders(reply.code(201), state).header('location', `${RESUMABLE_UPLOAD_PATH}/${state.id}`).send();
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.head<{ Params: { id: string } }>(one, { config }, async (request, reply) => {
      try {
        const { auth, claimId } = await claimant(deps, request);
        const state = await findResumable(deps, auth, claimId, request.params.id);
        return stateHeaders(reply.code(200), state).header('upload-length', String(state.length)).send();
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.patch<{ Params: { id: string } }>(one, { config }, async (request, reply) => {
      try {
        const { auth, claimId } = await claimant(deps, request);
        if (request.headers['content-type'] !== OFFSET_TYPE) throw new NotOffsetStream();
        const offset = request.headers['upload-offset'];
        if (typeof offset !== 'string' || !/^\d{1,15}$/.test(offset))
          throw new AppError(ErrorNumber.Validation, 'Upload-Offset is required');
        const state = await appendResumable(deps, store, auth, claimId, request.params.id, Number(offset), request.raw);
        if (state.fileId) reply.header('portal-file-id', state.fileId);
        return stateHeaders(reply.code(204), state).send();
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.delete<{ Params: { id: string } }>(one, { config }, async (request, reply) => {
      try {
        const { auth, claimId } = await claimant(deps, request);
        await endResumable(deps, auth, claimId, request.params.id);
        return reply.code(204).headers({ 'tus-resumable': TUS_VERSION, 'cache-control': 'no-store' }).send();
      } catch (e) {
        return fail(reply, e);
      }
    });
  });
}
