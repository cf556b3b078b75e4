/** POST /api/documentupload/updatedocumentform: saves the documents draft (silent; the hook retries). */
import { ENDPOINTS, type DocumentDraft, type DraftSaved } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export function saveDocumentDraft(
  body: { FormId?: string | undefined; Draft: DocumentDraft; SavedUnsubmitted?: boolean },
  keepalive = false,
) {
  const payload: Record<string, unknown> = { Draft: body.Draft };
  if (body.FormId) payload.FormId = body.FormId;
  if (body.SavedUnsubmitted) payload.SavedUnsubmitted = true;
  return request<z.infer<typeof DraftSaved>>(ENDPOINTS.saveDocumentDraft, payload, { silent: true, keepalive });
}
