/**
 * Forms sent in three steps — the form, its files (uploaded with the form's id), a final submit —
 * for contact us (spec 001 Contact us) and the personal-details change request (spec 000
 * "Personal details change"). The form waits as a draft until the submit, which is idempotent
 * and records the sent item, the files and the provider's copy in one transaction.
 */
import {
  ErrorNumber,
  MESSAGES,
  OTHER_ITEM,
  formatDisplayDate,
  type ContactFormRequest,
  type DetailsRequestRequest,
} from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/repository.ts';
import * as forms from '../forms/repository.ts';
import { queueForProvider } from '../provider/outbox.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

// The parsed bodies: trimmed, the date of birth as an ISO date.
type Contact = z.output<typeof ContactFormRequest>;
type Details = z.output<typeof DetailsRequestRequest>;

async function createForm(deps: Deps, auth: AuthContext, claimId: string, formType: 'contact' | 'details', data: unknown): Promise<{ Identifier: string }> {
  const id = newId();
  await forms.insertForm(deps.db, {
    id, account_id: auth.accountId, claim_id: claimId, form_type: formType, status: 'draft', data: JSON.stringify(data),
    saved_unsubmitted: 0, updated_at: deps.clock.now(), submitted_at: null, idempotency_key: null,
  });
  return { Identifier: id };
}

type SentForm = { id: string; data: string };
type Files = { id: string; original_name: string }[];

/**
 * Step 3 for both forms: the same IdempotencyKey answers the same SentItemId (a retried request
 * or a double click sends one form); `record` writes what is particular to the form.
 */
async function submitForm(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: 'contact' | 'details',
  input: { formId: string; idempotencyKey: string },
  record: (trx: Transaction<Database>, form: SentForm, files: Files, sentItemId: string, now: number) => Promise<void>,
): Promise<{ SentItemId: string }> {
  const earlier = await forms.findByIdempotencyKey(deps.db, auth.accountId, input.idempotencyKey);
  if (earlier) {
    const sent = await forms.findSentItemOfForm(deps.db, earlier.id);
    if (sent) return { SentItemId: sent.id };
  }
  const form = await forms.findOwnForm(deps.db, input.formId, auth.accountId, claimId);
  if (!form || form.form_type !== formType) throw new AppError(ErrorNumber.NotFound);
  if (form.status === 'submitted') throw new AppError(ErrorNumber.FormAlreadySubmitted);
  const files = await forms.findFilesOfForm(deps.db, form.id);
  const now = deps.clock.now();
  const sentItemId = newId();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await forms.markSubmitted(trx, form.id, form.data, input.idempotencyKey, now))) throw new AppError(ErrorNumber.FormAlreadySubmitted);
    await forms.attachFiles(trx, form.id, files.map((f) => f.id), now);
    await record(trx, form, files, sentItemId, now);
  });
  return { SentItemId: sentItemId };
}

const fileList = (files: Files) => files.map((f) => ({ FileId: f.id, Filename: f.original_name }));

/** Contact us, step 1: the category must be one of ContactCategories, as listed. */
export async function createContactForm(deps: Deps, auth: AuthContext, claimId: string, input: Contact): Promise<{ Identifier: string }> {
  const category = await forms.findListItemByElement(deps.db, 'ContactCategories', input.Category.ElementNumber);
  if (!category || category.item !== input.Category.Item) throw AppError.list([{ Number: ErrorNumber.Validation, Message: MESSAGES.enquiryTypeRequired, Field: 'Category' }]);
  const other = category.item === OTHER_ITEM;
  return createForm(deps, auth, claimId, 'contact', {
    Category: category.item,
    CustomCategory: other ? (input.CustomCategory ?? '') : '',
    Message: input.Message,
  });
}

export async function submitContactForm(deps: Deps, auth: AuthContext, claimId: string, input: { formId: string; idempotencyKey: string }) {
  return submitForm(deps, auth, claimId, 'contact', input, async (trx, form, files, sentItemId, now) => {
    const data = JSON.parse(form.data) as { Category: string; CustomCategory: string; Message: string };
    const subject = data.Category === OTHER_ITEM && data.CustomCategory ? data.CustomCategory : data.Category;
    await forms.insertSentItem(trx, {
      id: sentItemId, account_id: auth.accountId, claim_id: claimId, form_id: form.id, type_item: 'Enquiry',
      subject_main: 'Enquiry', subject_other: subject, message: data.Message, created_at: now,
    });
    await queueForProvider(trx, { claimId, kind: 'enquiry', payload: { FormId: form.id, SentItemId: sentItemId, ...data, Files: fileList(files) }, now });
  });
}

/** Personal details change, step 1: the reason must be one of UpdatePersonalReason. */
export async function createDetailsRequest(deps: Deps, auth: AuthContext, claimId: string, input: Details): Promise<{ Identifier: string }> {
  const reason = await forms.findListItem(deps.db, 'UpdatePersonalReason', input.Reason.Id);
  if (!reason || reason.item !== input.Reason.Item) throw AppError.list([{ Number: ErrorNumber.Validation, Message: MESSAGES.reasonRequired, Field: 'Reason' }]);
  return createForm(deps, auth, claimId, 'details', {
    FirstName: input.FirstName,
    MiddleNames: input.MiddleNames ?? '',
    Surname: input.Surname,
    DateOfBirth: input.DateOfBirth,
    Reason: reason.item,
    OtherReason: reason.item === OTHER_ITEM ? (input.OtherReason ?? '') : '',
  });
}

type RequestedDetails = { FirstName: string; MiddleNames: string; Surname: string; DateOfBirth: string; Reason: string; OtherReason: string };

/** What the claimant asked for, in words, for their sent items. */
function describe(d: RequestedDetails): string {
  const name = [d.FirstName, d.MiddleNames, d.Surname].filter(Boolean).join(' ');
  const reason = d.Reason === OTHER_ITEM ? `${d.Reason}: ${d.OtherReason}` : d.Reason;
  return `Name: ${name}. Date of birth: ${formatDisplayDate(d.DateOfBirth)}. Reason: ${reason}.`;
}

/** Step 3: the request waits for the provider's decision; the stored details do not change now. */
export async function submitDetailsRequest(deps: Deps, auth: AuthContext, claimId: string, input: { formId: string; idempotencyKey: string }) {
  return submitForm(deps, auth, claimId, 'details', input, async (trx, form, files, sentItemId, now) => {
    const requested = JSON.parse(form.data) as RequestedDetails;
    await repo.insertDetailsRequest(trx, { id: newId(), form_id: form.id, account_id: auth.accountId, claimant_id: auth.claimantId, requested: form.data, created_at: now, decided_at: null, decision_note: null });
    await forms.insertSentItem(trx, {
      id: sentItemId, account_id: auth.accountId, claim_id: claimId, form_id: form.id, type_item: 'Personal details',
      subject_main: 'Personal details', subject_other: requested.Reason, message: describe(requested), created_at: now,
    });
    await recordAudit(trx, { accountId: auth.accountId, sessionId: auth.sessionId, kind: 'personal_details_change_requested', changes: {}, at: now });
    await queueForProvider(trx, { claimId, kind: 'personal-details-request', payload: { FormId: form.id, SentItemId: sentItemId, ...requested, Files: fileList(files) }, now });
  });
}
