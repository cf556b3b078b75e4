/** POST /api/documentupload/discarddraftdocuments: deletes the documents draft (Discard Draft). */
import { call } from '../../../lib/request/call.ts';

export function discardDocumentDraft(formId: string | undefined) {
  return call('discardDocumentDraft', formId ? { FormId: formId } : {}, {
    loadingMessage: 'Discarding draft',
  });
}
