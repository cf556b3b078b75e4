import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../../lib/endpoint.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { discardDocumentDraft, findDocumentDraft, findDraftDates, saveDocumentDraft, submitDocuments } from './documents.ts';

export function formRoutes(app: FastifyInstance, deps: Deps, store: FileStore): void {
  bindEndpoint(app, deps, ENDPOINTS.saveDocumentDraft, ({ auth, claimId, body }) =>
    saveDocumentDraft(deps, auth, claimId, { formId: body.FormId, draft: body.Draft, savedUnsubmitted: body.SavedUnsubmitted ?? false }),
  );
  bindEndpoint(app, deps, ENDPOINTS.getDocumentDraft, ({ auth, claimId }) => findDocumentDraft(deps, auth, claimId));
  bindEndpoint(app, deps, ENDPOINTS.discardDocumentDraft, ({ auth, claimId }) => discardDocumentDraft(deps, store, auth, claimId));
  bindEndpoint(app, deps, ENDPOINTS.submitDocuments, ({ auth, claimId, body }) =>
    submitDocuments(deps, auth, claimId, { formId: body.FormId, draft: body.Draft, idempotencyKey: body.IdempotencyKey }),
  );
  bindEndpoint(app, deps, ENDPOINTS.getDraftDates, ({ auth, claimId }) => findDraftDates(deps, auth, claimId));
}
