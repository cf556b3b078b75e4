/**
 * Contact us rules (spec 001 §4, §5), written once: the form's values are checked with the
 * contracts' ContactFormRequest (the server checks the same schema), so "Submit is enabled only
 * when a category is chosen, the message is valid, and (if Other) a reason is given" is exactly
 * "the request would be accepted".
 */
import { ContactFormRequest, OTHER_ITEM, REIMBURSEMENT_CATEGORY } from '@portal/contracts';
import { z } from 'zod';
import type { ContactFormBody } from '../api/upload-contact-form.ts';

export type EnquiryCategory = { Item: string; ElementNumber: number };

export type EnquiryValues = {
  Category: EnquiryCategory | null;
  Message: string;
  CustomCategory: string;
};

/**
 * An enquiry as this device keeps it until it is sent (lib/forms/use-form-draft.ts useLocalDraft): the
 * form's values as typed, not yet checked against the rules. The documents picked are not kept:
 * they are held in the browser until the enquiry is sent.
 */
export const EnquiryDraft = z.object({
  Category: z.object({ Item: z.string(), ElementNumber: z.number() }).nullable(),
  Message: z.string(),
  CustomCategory: z.string(),
});

/** What is worth keeping of the values: null until something has been typed. */
export function enquiryDraftOf(values: EnquiryValues): EnquiryValues | null {
  const typed = values.Message !== '' || (isOther(values.Category) && values.CustomCategory !== '');
  return typed ? { Category: values.Category, Message: values.Message, CustomCategory: values.CustomCategory } : null;
}

export function isOther(category: EnquiryCategory | null | undefined): boolean {
  return category?.Item === OTHER_ITEM;
}

export function isReimbursement(category: EnquiryCategory | null | undefined): boolean {
  return category?.Item === REIMBURSEMENT_CATEGORY;
}

/** The request body of the values: CustomCategory only when the category is Other. */
export function enquiryBody(values: EnquiryValues): Partial<ContactFormBody> {
  const body: Partial<ContactFormBody> = { Message: values.Message };
  if (values.Category) body.Category = { Item: values.Category.Item, ElementNumber: values.Category.ElementNumber };
  if (isOther(values.Category)) body.CustomCategory = values.CustomCategory;
  return body;
}

/** Whether Submit is enabled (not counting a send already in progress). */
export function canSendEnquiry(values: EnquiryValues): boolean {
  return ContactFormRequest.safeParse(enquiryBody(values)).success;
}
