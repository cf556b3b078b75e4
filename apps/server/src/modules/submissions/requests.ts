/**
 * Forms sent in three steps — the form, its files (uploaded with the form's id), a final submit —
 * for contact us (spec 001 Contact us) and the personal-details change request (spec 000
 * "Personal details change"). The form waits as a draft until the submit, on the submission path.
 */
import {
  ErrorNumber,
  MESSAGES,
  OTHER_ITEM,
  formatDisplayDate,
  type ContactFormRequest,
  type DetailsRequestRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/repository.ts';
import * as forms from '../forms/repository.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';
import { fileList, submitForm, type OpenForm, type SentFile, type Submission } from './submit-form.ts';
import { tag } from '../../lib/read-cache.ts';

// The parsed bodies: trimmed, the date of birth as an ISO date.
type Contact = z.output<typeof ContactFormRequest>;
type Details = z.output<typeof DetailsRequestRequest>;

async function createForm(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: 'contact' | 'details',
  data: unknown,
): Promise<{ Identifier: string }> {
  const id = newId();
  await forms.insertForm(deps.db, {
    id,
    account_id: auth.accountId,
    claim_id: claimId,
    form_type: formType,
    status: 'draft',
    data: JSON.stringify(data),
    saved_unsubmitted: 0,
    updated_at: deps.clock.now(),
    submitted_at: null,
    idempotency_key: null,
  });
  return { Identifier: id };
}

/** Step 3 for both forms: the form is sent with the files uploaded for it. */
function submitRequest(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: 'contact' | 'details',
  body: { FormId: string; IdempotencyKey: string },
  send: (form: OpenForm, files: SentFile[], now: number) => Omit<Submission, 'data' | 'files'>,
) {
  return submitForm(deps, auth, claimId, formType, body, async (form, now) => {
    const files = await forms.findFilesOfForm(deps.db, form.id);
    return { data: form.data, files, ...send(form, files, now) };
  });
}

/** Contact us, step 1: the category must be one of ContactCategories, as listed. */
export async function createContactForm(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  input: Contact,
): Promise<{ Identifier: string }> {
  const category = await repo.findListItemByElement(deps.db, 'ContactCategories', input.Category.ElementNumber);
  if (!category || category.item !== input.Category.Item)
    throw AppError.list([{ Number: ErrorNumber.Validation, Message: MESSAGES.enquiryTypeRequired, Field: 'Category' }]);
  const other = category.item === OTHER_ITEM;
  return createForm(deps, auth, claimId, 'contact', {
    Category: category.item,
    CustomCategory: other ? (input.CustomCategory ?? '') : '',
    Message: input.Message,
  });
}

export async function submitContactForm(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  body: { FormId: string; IdempotencyKey: string },
) {
  return submitRequest(deps, auth, claimId, 'contact', body, (form, files) => {
    const data = JSON.parse(form.data) as { Category: string; CustomCategory: string; Message: string };
    return {
      sentItem: {
        type: 'Enquiry',
        subject: data.Category === OTHER_ITEM && data.CustomCategory ? data.CustomCategory : data.Category,
        message: data.Message,
      },
      event: (submitted) => ({ kind: 'enquiry', payload: { ...submitted, ...data, Files: fileList(files) } }),
    };
  });
}

/** Personal details change, step 1: the reason must be one of UpdatePersonalReason. */
export async function createDetailsRequest(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  input: Details,
): Promise<{ Identifier: string }> {
  const reason = await repo.findListItem(deps.db, 'UpdatePersonalReason', input.Reason.Id);
  if (!reason || reason.item !== input.Reason.Item)
    throw AppError.list([{ Number: ErrorNumber.Validation, Message: MESSAGES.reasonRequired, Field: 'Reason' }]);
  return createForm(deps, auth, claimId, 'details', {
    FirstName: input.FirstName,
    MiddleNames: input.MiddleNames ?? '',
    Surname: input.Surname,
    DateOfBirth: input.DateOfBirth,
    Reason: reason.item,
    OtherReason: reason.item === OTHER_ITEM ? (input.OtherReason ?? '') : '',
  });
}

/** A details request's stored form data: what the claimant asked for (read back by the provider API too). */
export type RequestedDetails = {
  FirstName: string;
  MiddleNames: string;
  Surname: string;
  DateOfBirth: string;
  Reason: string;
  OtherReason: string;
};

/** What the claimant asked for, in words, for their sent items. */
function describe(d: RequestedDetails): string {
  const name = [d.FirstName, d.MiddleNames, d.Surname].filter(Boolean).join(' ');
  const reason = d.Reason === OTHER_ITEM ? `${d.Reason}: ${d.OtherReason}` : d.Reason;
  return `Name: ${name}. Date of birth: ${formatDisplayDate(d.DateOfBirth)}. Reason: ${reason}.`;
}

/** Step 3: the request waits for the provider's decision; the stored details do not change now. */
export async function submitDetailsRequest(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  body: { FormId: string; IdempotencyKey: string },
) {
  const answer = await submitRequest(deps, auth, claimId, 'details', body, (form, files, now) => {
    const requested = JSON.parse(form.data) as RequestedDetails;
    return {
      record: async (trx) => {
        await repo.insertDetailsRequest(trx, {
          id: newId(),
          form_id: form.id,
          account_id: auth.accountId,
          claimant_id: auth.claimantId,
          requested: form.data,
          created_at: now,
          decided_at: null,
          decision_note: null,
        });
        await recordAudit(trx, {
          accountId: auth.accountId,
          sessionId: auth.sessionId,
          kind: 'personal_details_change_requested',
          changes: {},
          at: now,
        });
      },
      sentItem: { type: 'Personal details', subject: requested.Reason, message: describe(requested) },
      event: (submitted) => ({
        kind: 'personal-details-request',
        payload: { ...submitted, ...requested, Files: fileList(files) },
      }),
    };
  });
  // The pending request is the account view's (PersonalDetailsPendingSince).
  await deps.reads.changed(tag.claimant(auth.claimantId));
  return answer;
}
