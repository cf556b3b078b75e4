/**
 * Contact us, step 1 (spec 001 §4): POST /api/documentupload/uploadcontactform creates the
 * enquiry and answers its Identifier, the FormId its files are uploaded with. Silent: the page
 * shows 'Failed to upload form' (§8).
 */
import type { ContactFormRequest } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type ContactFormBody = Omit<ContactFormRequest, 'AccessToken'>;

export function uploadContactForm(body: ContactFormBody): Promise<CallAnswer<'uploadContactForm'>> {
  return call('uploadContactForm', body, { silent: true });
}
