/**
 * Contact us, step 3 (spec 001 §4): POST /api/documentupload/submitcontactform sends the enquiry
 * with its files. Idempotent: the same IdempotencyKey answers the same result once, so a retry
 * after a lost answer never sends the enquiry twice. Silent: the page shows 'Failed to submit
 * form' (§8).
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export function submitContactForm(formId: string, idempotencyKey: string): Promise<CallAnswer<'submitContactForm'>> {
  return call('submitContactForm', { FormId: formId, IdempotencyKey: idempotencyKey }, { silent: true });
}
