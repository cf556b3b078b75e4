import type { FastifyInstance } from 'fastify';
import { DocumentDraft, ENDPOINTS, SubmitDocumentsRequest, SubmitReimbursementRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import type { z } from 'zod';
import type { FileStore } from '../../storage/file-store.ts';
import { zodIssueItems, AppError } from '../../errors.ts';
import { submitDocuments } from '../submissions/documents.ts';
import { submitReimbursement } from '../submissions/reimbursement.ts';
import { discardDraft, findDraft, findDraftDates, saveDraft } from './documents.ts';

/** A draft is stored as it is typed, unencrypted: someone else's account number never goes into one. */
function withoutAccountNumber<T extends Record<string, unknown>>(draft: T): T {
  const payee = draft.Payee;
  if (!payee || typeof payee !== 'object' || !('BankAccNo' in payee)) return draft;
  const { BankAccNo: _dropped, ...rest } = payee as Record<string, unknown>;
  return { ...draft, Payee: rest };
}

export function formRoutes(app: FastifyInstance, deps: Deps, store: FileStore): void {
  bindEndpoint(app, deps, ENDPOINTS.saveDocumentDraft, ({ auth, claimId, body }) =>
    saveDraft(deps, auth, claimId, 'documents', {
      formId: body.FormId,
      draft: body.Draft,
      savedUnsubmitted: body.SavedUnsubmitted ?? false,
    }),
  );
  bindEndpoint(app, deps, ENDPOINTS.getDocumentDraft, ({ auth, claimId }) =>
    findDraft<DocumentDraft>(deps, auth, claimId, 'documents'),
  );
  bindEndpoint(app, deps, ENDPOINTS.discardDocumentDraft, ({ auth, claimId }) =>
    discardDraft(deps, store, auth, claimId, 'documents'),
  );
  // The generic calls: the documents draft keeps its own shape; other drafts are the form's JSON.
  bindEndpoint(app, deps, ENDPOINTS.saveDraft, ({ auth, claimId, body, params }) => {
    const draft =
      params.type === 'documents'
        ? DocumentDraft.safeParse(body.Draft)
        : { success: true as const, data: withoutAccountNumber(body.Draft) };
    if (!draft.success)
      throw AppError.list(zodIssueItems(draft.error.issues.map((i) => ({ ...i, path: ['Draft', ...i.path] }))));
    return saveDraft(deps, auth, claimId, params.type, {
      formId: body.FormId,
      draft: draft.data,
      savedUnsubmitted: body.SavedUnsubmitted ?? false,
    });
  });
  bindEndpoint(app, deps, ENDPOINTS.getDraft, ({ auth, claimId, params }) =>
    findDraft(deps, auth, claimId, params.type),
  );
  bindEndpoint(app, deps, ENDPOINTS.discardDraft, ({ auth, claimId, params }) =>
    discardDraft(deps, store, auth, claimId, params.type),
  );
  bindEndpoint(app, deps, ENDPOINTS.submitDocuments, ({ auth, claimId, body }) =>
    submitDocuments(deps, auth, claimId, body),
  );
  bindEndpoint(app, deps, ENDPOINTS.getDraftDates, ({ auth, claimId }) => findDraftDates(deps, auth, claimId));
  bindEndpoint(app, deps, ENDPOINTS.submitReimbursement, ({ auth, claimId, body }) =>
    submitReimbursement(deps, auth, claimId, body),
  );
  // The generic submit checks the body against the form's own submission schema.
  bindEndpoint(app, deps, ENDPOINTS.submitDraftForm, ({ auth, claimId, body, params }) => {
    const parse = <S extends z.ZodType>(schema: S): z.output<S> => {
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw AppError.list(zodIssueItems(parsed.error.issues));
      return parsed.data;
    };
    return params.type === 'documents'
      ? submitDocuments(deps, auth, claimId, parse(SubmitDocumentsRequest))
      : submitReimbursement(deps, auth, claimId, parse(SubmitReimbursementRequest));
  });
}
