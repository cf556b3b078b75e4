/**
 * Forms sent in three steps — the form, then each file with its FormId, then a final submit:
 * contact us (spec 001 Contact us, §3, §4) and the personal-details change request (spec 000
 * "Personal details change"). The form is kept as a draft until the submit, which is
 * idempotent (the same IdempotencyKey answers the same result once).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { dateOfBirth, lastName, optionalPersonName, personName } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { requestBody } from './common.ts';

export const OTHER_ITEM = 'Other';
export const REIMBURSEMENT_CATEGORY = 'Reimbursement';

/** A dropdown item as the form sends it back (ContactCategories: Item and ElementNumber). */
export const CategoryRef = z.strictObject(
  { Item: z.string().max(100), ElementNumber: z.number().int() },
  { error: MESSAGES.enquiryTypeRequired },
);

export const ContactFormRequest = requestBody({
  Category: CategoryRef,
  Message: z
    .string({ error: MESSAGES.enquiryMessageRequired })
    .trim()
    .min(1, MESSAGES.enquiryMessageRequired)
    .max(LIMITS.contactMessageMax, MESSAGES.enquiryMessageTooLong),
  /** Only when the category is Other: 1–25 characters. */
  CustomCategory: z.string().trim().max(LIMITS.customCategoryMax, MESSAGES.enquiryReasonInvalid).optional(),
}).superRefine((v, ctx) => {
  if (v.Category.Item === OTHER_ITEM && !v.CustomCategory)
    ctx.addIssue({ code: 'custom', message: MESSAGES.enquiryReasonInvalid, path: ['CustomCategory'] });
});
export type ContactFormRequest = z.input<typeof ContactFormRequest>;

/** The form's id: files are uploaded with it as their FormId. */
export const FormCreatedResponse = z.object({ Identifier: z.string() });

export const SubmitFormRequest = requestBody({
  FormId: z.string().min(1).max(64),
  IdempotencyKey: z.string().min(8).max(100),
});

/** A reason from the UpdatePersonalReason list (Id and Item). */
export const ReasonRef = z.strictObject(
  { Id: z.number().int(), Item: z.string().max(100) },
  { error: MESSAGES.reasonRequired },
);

export const DetailsRequestRequest = requestBody({
  FirstName: personName,
  MiddleNames: optionalPersonName,
  Surname: lastName,
  /** dd/mm/yyyy, as typed. */
  DateOfBirth: dateOfBirth(),
  Reason: ReasonRef,
  /** Only when the reason is Other: 1–250 characters. */
  OtherReason: z.string().trim().max(LIMITS.otherReasonMax, MESSAGES.otherReasonInvalid).optional(),
}).superRefine((v, ctx) => {
  if (v.Reason.Item === OTHER_ITEM && !v.OtherReason)
    ctx.addIssue({ code: 'custom', message: MESSAGES.otherReasonInvalid, path: ['OtherReason'] });
});
export type DetailsRequestRequest = z.input<typeof DetailsRequestRequest>;
