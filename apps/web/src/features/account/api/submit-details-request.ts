/**
 * POST /api/documentupload/submitdetailsrequest — personal details change, step 3: sends the
 * request (with the files uploaded under its FormId) for the provider's approval. Idempotent: a
 * retry with the same IdempotencyKey answers the same result once. Silent: the form alerts.
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export function submitDetailsRequest(body: {
  FormId: string;
  IdempotencyKey: string;
}): Promise<CallAnswer<'submitDetailsRequest'>> {
  return call('submitDetailsRequest', body, {
    silent: true,
    loadingMessage: 'Sending your request',
  });
}
