/**
 * POST /api/documentupload/submitreceipts (spec 001 §7): sends the claim. Idempotent on the
 * IdempotencyKey: the same key answers the same SentItemId, so a retried request sends one claim.
 * Silent: the page shows a validation answer under its fields and anything else as an alert.
 */
import type { SubmitReimbursementRequest } from '@portal/contracts';
import { call } from '../../../lib/request/call.ts';

export function submitReimbursement(body: SubmitReimbursementRequest) {
  return call('submitReimbursement', body, {
    silent: true,
    loadingMessage: 'Sending your claim',
  });
}
