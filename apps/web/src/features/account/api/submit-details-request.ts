/**
 * POST /api/documentupload/submitdetailsrequest — personal details change, step 3: sends the
 * request (with the files uploaded under its FormId) for the provider's approval. Idempotent: a
 * retry with the same IdempotencyKey answers the same result once. Silent: the form alerts.
 */
import { ENDPOINTS, type SubmittedResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export function submitDetailsRequest(body: {
  FormId: string;
  IdempotencyKey: string;
}): Promise<z.infer<typeof SubmittedResponse>> {
  return request<z.infer<typeof SubmittedResponse>>(ENDPOINTS.submitDetailsRequest, body, {
    silent: true,
    loadingMessage: 'Sending your request',
  });
}
