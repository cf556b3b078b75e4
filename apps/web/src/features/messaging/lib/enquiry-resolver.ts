import { zodResolver } from '@hookform/resolvers/zod';
import { ContactFormRequest } from '@portal/contracts';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { ContactFormBody } from '../api/upload-contact-form.ts';
import { enquiryBody, type EnquiryValues } from './enquiry.ts';

const contractResolver = zodResolver(ContactFormRequest, undefined, { raw: true });

/** The first message of a field's error, or of an error inside it (the category's Item). */
function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const found = error as FieldError & Record<string, unknown>;
  if (typeof found.message === 'string' && found.message) return found;
  for (const [key, inner] of Object.entries(found)) {
    const nested = key === 'ref' ? undefined : firstError(inner);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The contracts' schema as the form's resolver, over the body the values make: each problem goes
 * under the field it is about.
 */
export const enquiryResolver: Resolver<EnquiryValues> = async (values, context, options) => {
  const result = await contractResolver(
    enquiryBody(values) as ContactFormBody,
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  );
  if (Object.keys(result.errors).length === 0) return { values, errors: {} };
  const errors: FieldErrors<EnquiryValues> = {};
  for (const field of ['Category', 'Message', 'CustomCategory'] as const) {
    const error = firstError(result.errors[field]);
    if (error?.message) errors[field] = { type: error.type, message: error.message };
  }
  return { values: {}, errors };
};
