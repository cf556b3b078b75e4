/**
 * POST /api/documentupload/getdraftdocumentform: the saved documents draft, or null. Read by the
 * shared draft hook (lib/forms/use-form-draft.ts) as its form's draft query.
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export function getDocumentDraft(): Promise<CallAnswer<'getDocumentDraft'>> {
  return call('getDocumentDraft', {});
}
