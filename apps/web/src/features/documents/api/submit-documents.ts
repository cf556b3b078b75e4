/** POST /api/documentupload/submitdocumentform: sends the documents draft (the page explains failures). */
import { ENDPOINTS, type DocumentDraft, type SubmittedResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export function submitDocuments(body: { FormId: string; Draft: DocumentDraft; IdempotencyKey: string }) {
  return request<z.infer<typeof SubmittedResponse>>(
    ENDPOINTS.submitDocuments,
    { ...body, Authorised: true },
    { silent: true, loadingMessage: 'Sending your documents' },
  );
}
