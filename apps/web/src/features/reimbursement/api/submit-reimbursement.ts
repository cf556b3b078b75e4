/**
 * POST /api/documentupload/submitreceipts (spec 001 §7): sends the claim. Idempotent on the
 * IdempotencyKey: the same key answers the same SentItemId, so a retried request sends one claim.
 * Silent: the page shows a validation answer under its fields and anything else as an alert.
 */
import { ENDPOINTS, type SubmitReimbursementRequest, type SubmittedResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export function submitReimbursement(body: SubmitReimbursementRequest) {
  return request<z.infer<typeof SubmittedResponse>>(ENDPOINTS.submitReimbursement, body as Record<string, unknown>, {
    silent: true,
    loadingMessage: 'Sending your claim',
  });
}
