/** The documents form's calls (uploads issue): draft save / load / discard, submit, list, dates. */
import {
  ENDPOINTS,
  type DocumentDraft,
  type DocumentDraftResponse,
  type DraftDatesResponse,
  type DraftSaved,
  type SubmittedResponse,
} from '@portal/contracts';
import type { z } from 'zod';
import { getDropdownList } from '../../../lib/api/get-dropdown-list.ts';
import { request } from '../../../lib/request.ts';

export type DocumentType = { Id: number; Item: string };

/** The DocumentFormTypes list, as a draft stores the chosen type. */
export async function getDocumentTypes(): Promise<DocumentType[]> {
  const list = await getDropdownList('DocumentFormTypes');
  return list.map(({ Id, Item }) => ({ Id, Item }));
}

export function getDocumentDraft(): Promise<z.infer<typeof DocumentDraftResponse>> {
  return request(ENDPOINTS.getDocumentDraft, {});
}

export function saveDocumentDraft(body: { FormId?: string | undefined; Draft: DocumentDraft; SavedUnsubmitted?: boolean }, keepalive = false) {
  const payload: Record<string, unknown> = { Draft: body.Draft };
  if (body.FormId) payload.FormId = body.FormId;
  if (body.SavedUnsubmitted) payload.SavedUnsubmitted = true;
  return request<z.infer<typeof DraftSaved>>(ENDPOINTS.saveDocumentDraft, payload, { silent: true, keepalive });
}

export function discardDocumentDraft(formId: string | undefined) {
  return request<boolean>(ENDPOINTS.discardDocumentDraft, formId ? { FormId: formId } : {}, { loadingMessage: 'Discarding draft' });
}

export function submitDocuments(body: { FormId: string; Draft: DocumentDraft; IdempotencyKey: string }) {
  return request<z.infer<typeof SubmittedResponse>>(
    ENDPOINTS.submitDocuments,
    { ...body, Authorised: true },
    { silent: true, loadingMessage: 'Sending your documents' },
  );
}

export function getDraftDates() {
  return request<z.infer<typeof DraftDatesResponse>>(ENDPOINTS.getDraftDates, {}, { silent: true });
}
