/**
 * POST /api/documentupload/getdraftdocumentform: the saved documents draft, or null. Read by the
 * shared draft hook (lib/use-form-draft.ts) as its form's draft query.
 */
import { ENDPOINTS, type DocumentDraftResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export function getDocumentDraft(): Promise<z.infer<typeof DocumentDraftResponse>> {
  return request(ENDPOINTS.getDocumentDraft, {});
}
