/** POST /api/documentupload/discarddraftdocuments: deletes the documents draft (Discard Draft). */
import { ENDPOINTS } from '@portal/contracts';
import { request } from '../../../lib/request.ts';

export function discardDocumentDraft(formId: string | undefined) {
  return request<boolean>(ENDPOINTS.discardDocumentDraft, formId ? { FormId: formId } : {}, {
    loadingMessage: 'Discarding draft',
  });
}
