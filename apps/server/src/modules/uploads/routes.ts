import type { FastifyInstance } from 'fastify';
import {
  AUTHORITY_UPLOAD_PATH,
  AuthorityFields,
  ENDPOINTS,
  ErrorNumber,
  SIGNATURE_FIELD,
  SIGNATURE_MAX_BYTES,
  UPLOAD_FILE_FIELD,
  UPLOAD_PATH,
  UploadFields,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, zodIssueItems } from '../../errors.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { readParts, registerMultipart } from '../../plugins/multipart.ts';
import { CLAIMANT_API } from '../../lib/route-controls.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { findAuthorityFormData, submitAuthority } from '../submissions/authority.ts';
import { authenticate } from '../session/service.ts';
import { claimAccess, recordHelperCall } from '../helpers/access.ts';
import { discardFile, findFileContent, openDownload, storeUpload } from './service.ts';

/**
 * Who sends a form's file and for which claim: signed in with a claim selected, or a helper of
 * that claim with at least `level` (recorded for the claimant).
 */
async function uploaderOf(deps: Deps, token: string, level: 'send' | 'act', path: string) {
  const auth = await claimAccess(deps, await authenticate(deps, token), level);
  if (!auth.selectedClaimId) throw new AppError(ErrorNumber.NoClaimSelected);
  await recordHelperCall(deps, auth, path);
  return { auth, claimId: auth.selectedClaimId };
}

export async function uploadRoutes(app: FastifyInstance, deps: Deps, store: FileStore): Promise<void> {
  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post(UPLOAD_PATH, { config: { controls: CLAIMANT_API } }, async (request) => {
      const fields: Record<string, string> = {};
      for await (const part of readParts(request)) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        // The file: nothing of it is kept unless the fields before it are a valid, signed-in form.
        const parsed = UploadFields.safeParse(fields);
        if (part.fieldname !== UPLOAD_FILE_FIELD || !parsed.success) {
          part.file.resume();
          if (!fields.accessToken) throw new AppError(ErrorNumber.TokenMissing);
          if (parsed.success)
            throw new AppError(ErrorNumber.Validation, `The file must be sent as ${UPLOAD_FILE_FIELD}`, part.fieldname);
          throw AppError.list(zodIssueItems(parsed.error.issues));
        }
        // Outside the endpoint table: sending a document is a Send helper's (decision 041).
        const { auth, claimId } = await uploaderOf(deps, parsed.data.accessToken, 'send', UPLOAD_PATH).catch(
          (e: unknown) => {
            part.file.resume();
            throw e;
          },
        );
        return storeUpload(deps, store, auth, claimId, {
          formType: parsed.data.FormType,
          formId: parsed.data.FormId,
          description: parsed.data.Description ?? '',
          filename: part.filename,
          stream: part.file,
        });
      }
      throw new AppError(ErrorNumber.Validation, 'No document was sent', UPLOAD_FILE_FIELD);
    });

    // The authority form: its fields, then (when drawn) the signature as a PNG part named Signature.
    scope.post(AUTHORITY_UPLOAD_PATH, { config: { controls: CLAIMANT_API } }, async (request) => {
      const fields: Record<string, string> = {};
      let png: Buffer | undefined;
      for await (const part of readParts(request, { limits: { fileSize: SIGNATURE_MAX_BYTES } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== SIGNATURE_FIELD || !fields.accessToken) {
          part.file.resume();
          throw new AppError(
            fields.accessToken ? ErrorNumber.Validation : ErrorNumber.TokenMissing,
            `The signature must be sent as ${SIGNATURE_FIELD}, after the fields`,
            part.fieldname,
          );
        }
        await authenticate(deps, fields.accessToken).catch((e: unknown) => {
          part.file.resume();
          throw e;
        });
        try {
          png = await part.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ErrorNumber.DocumentTooLarge, 'The signature image is too large');
          throw e;
        }
      }
      const parsed = AuthorityFields.safeParse(fields);
      if (!parsed.success) {
        if (!fields.accessToken) throw new AppError(ErrorNumber.TokenMissing);
        throw AppError.list(zodIssueItems(parsed.error.issues));
      }
      // The authority form is an Act helper's (decision 041).
      const { auth, claimId } = await uploaderOf(deps, parsed.data.accessToken, 'act', AUTHORITY_UPLOAD_PATH);
      const f = parsed.data;
      // Whether the bytes are a PNG within the pad's bounds is the service's bounded check (error 120).
      if (f.SignatureMethod === 'drawn' && !png?.length) {
        throw new AppError(ErrorNumber.Validation, 'Please sign in the box', SIGNATURE_FIELD);
      }
      return submitAuthority(deps, store, auth, claimId, {
        signature:
          f.SignatureMethod === 'drawn' && png
            ? { method: 'drawn', png }
            : { method: 'typed', name: f.TypedName ?? '' },
        idempotencyKey: f.IdempotencyKey,
      });
    });
  });
  bindEndpoint(app, deps, ENDPOINTS.getAuthorityFormData, ({ auth, claimId }) =>
    findAuthorityFormData(deps, auth, claimId),
  );
  bindEndpoint(app, deps, ENDPOINTS.getFileContent, ({ auth, claimId, body }) =>
    findFileContent(deps, store, auth, claimId, body.Identifier),
  );
  bindEndpoint(app, deps, ENDPOINTS.downloadFile, async ({ auth, claimId, body, reply }) => {
    const download = await openDownload(deps, store, auth, claimId, body.Identifier);
    return reply.headers(download.headers).send(download.stream);
  });
  bindEndpoint(app, deps, ENDPOINTS.discardFile, ({ auth, claimId, body }) =>
    discardFile(deps, store, auth, claimId, body.FileId),
  );
}
