/** POST /api/documentupload/updatedocumentform: saves the documents draft (silent; the hook retries). */
import type { DocumentDraft } from '@portal/contracts';
import { call, type CallBody } from '../../../lib/request/call.ts';

export function saveDocumentDraft(
  body: { FormId?: string | undefined; Draft: DocumentDraft; SavedUnsubmitted?: boolean },
  keepalive = false,
) {
  const payload: CallBody<'saveDocumentDraft'> = { Draft: body.Draft };
  if (body.FormId) payload.FormId = body.FormId;
  if (body.SavedUnsubmitted) payload.SavedUnsubmitted = true;
  return call('saveDocumentDraft', payload, { silent: true, keepalive });
}
