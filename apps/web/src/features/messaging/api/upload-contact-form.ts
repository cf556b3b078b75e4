/**
 * Contact us, step 1 (spec 001 §4): POST /api/documentupload/uploadcontactform creates the
 * enquiry and answers its Identifier, the FormId its files are uploaded with. Silent: the page
 * shows 'Failed to upload form' (§8).
 */
import { ENDPOINTS, type ContactFormRequest, type FormCreatedResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export type ContactFormBody = Omit<ContactFormRequest, 'AccessToken'>;

export function uploadContactForm(body: ContactFormBody): Promise<z.infer<typeof FormCreatedResponse>> {
  return request(ENDPOINTS.uploadContactForm, body, { silent: true });
}
