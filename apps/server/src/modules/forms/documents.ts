/**
 * The documents form (spec 001 Submit documents, Document drafts; uploads issue): a draft per
 * claimant and claim, saved as the claimant types; a save for a form already sent never brings
 * it back; submit is idempotent, records a sent item and queues the form for the provider, all
 * in one transaction with its files.
 */
import {
  ErrorNumber,
  MESSAGES,
  REIMBURSEMENT_TYPE,
  TAX_FILE_DECLARATION,
  isoToday,
  type DocumentDraft,
  type DraftFormType,
  type ErrorItem,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { queueForProvider } from '../provider/outbox.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

const FORM_TYPE = 'documents' satisfies DraftFormType;

const iso = (ms: number) => new Date(ms).toISOString();

type DraftData = { Documents: { Filename: string; FileID: string }[] };

/** Saves the draft of a form that keeps drafts; a FormId must be the claimant's own form of that type. */
export async function saveDraft(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: DraftFormType,
  input: { formId: string | undefined; draft: DraftData; savedUnsubmitted: boolean },
) {
  const now = deps.clock.now();
  const data = JSON.stringify(input.draft);
  const form = input.formId ? await repo.findOwnForm(deps.db, input.formId, auth.accountId, claimId) : await repo.findDraft(deps.db, auth.accountId, claimId, formType);
  if (input.formId && (!form || form.form_type !== formType)) throw new AppError(ErrorNumber.NotFound);
  // A save that arrives after the submit (a debounced keystroke) leaves the sent form alone.
  if (form?.status === 'submitted') return { FormId: form.id, UpdatedAt: iso(form.updated_at), Submitted: true };
  const id = form?.id ?? newId();
  const own = await repo.findUnsentFiles(deps.db, auth.accountId, claimId, input.draft.Documents.map((d) => d.FileID));
  await deps.db.transaction().execute(async (trx) => {
    if (form) await repo.updateDraftData(trx, id, data, input.savedUnsubmitted, now);
    else {
      await repo.insertForm(trx, {
        id, account_id: auth.accountId, claim_id: claimId, form_type: formType, status: 'draft', data,
        saved_unsubmitted: input.savedUnsubmitted ? 1 : 0, updated_at: now, submitted_at: null, idempotency_key: null,
      });
    }
    await repo.attachFiles(trx, id, own.map((f) => f.id), null);
  });
  return { FormId: id, UpdatedAt: iso(now), Submitted: false };
}

export async function findDraft<T extends DraftData>(deps: Deps, auth: AuthContext, claimId: string, formType: DraftFormType) {
  const form = await repo.findDraft(deps.db, auth.accountId, claimId, formType);
  return form ? { FormId: form.id, Draft: JSON.parse(form.data) as T, UpdatedAt: iso(form.updated_at) } : null;
}

export async function findDraftDates(deps: Deps, auth: AuthContext, claimId: string) {
  const form = await repo.findDraft(deps.db, auth.accountId, claimId, FORM_TYPE);
  return { DocumentsDate: form ? isoToday(new Date(form.updated_at)) : null };
}

/** Deletes the draft and the files uploaded for it that were never sent. */
export async function discardDraft(deps: Deps, store: FileStore, auth: AuthContext, claimId: string, formType: DraftFormType): Promise<true> {
  const form = await repo.findDraft(deps.db, auth.accountId, claimId, formType);
  if (!form) return true;
  const listed = (JSON.parse(form.data) as DraftData).Documents.map((d) => d.FileID);
  const files = [...(await repo.findFilesOfForm(deps.db, form.id)), ...(await repo.findUnsentFiles(deps.db, auth.accountId, claimId, listed))];
  const unique = [...new Map(files.map((f) => [f.id, f])).values()];
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteDraft(trx, form.id);
    await repo.deleteFileRows(trx, unique.map((f) => f.id));
  });
  for (const f of unique) await store.remove(f.storage_key);
  return true;
}

/** Spec 001 §5 "Documents page": the rules a sent form must meet. */
async function checkDocuments(deps: Deps, draft: DocumentDraft, ownFiles: number): Promise<{ items: ErrorItem[]; typeItem: string }> {
  const items: ErrorItem[] = [];
  const add = (Message: string, Field: string) => items.push({ Number: ErrorNumber.Validation, Message, Field });
  const type = draft.DocumentType ? await repo.findListItem(deps.db, 'DocumentFormTypes', draft.DocumentType.Id) : undefined;
  if (!type) add(MESSAGES.documentTypeRequired, 'DocumentType');
  const typeItem = type?.item ?? '';
  if (typeItem === REIMBURSEMENT_TYPE) add(MESSAGES.reimbursementUseForm, 'DocumentType');
  const taxFile = typeItem === TAX_FILE_DECLARATION;
  if (!taxFile && type && typeItem !== REIMBURSEMENT_TYPE && draft.Description.trim() === '') add(MESSAGES.documentMessageRequired, 'Description');
  if (draft.Documents.length === 0) add(MESSAGES.documentsRequired, 'Documents');
  else if (ownFiles !== draft.Documents.length) throw new AppError(ErrorNumber.NotFound);
  if (taxFile && draft.Documents.length > 1) add(MESSAGES.taxFileOneDocument, 'Documents');
  return { items, typeItem };
}

export async function submitDocuments(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  input: { formId: string; draft: DocumentDraft; idempotencyKey: string },
): Promise<{ SentItemId: string }> {
  // The same key answers the same result: a retried request or a double click sends one form.
  const earlier = await repo.findByIdempotencyKey(deps.db, auth.accountId, input.idempotencyKey);
  if (earlier) {
    const sent = await repo.findSentItemOfForm(deps.db, earlier.id);
    if (sent) return { SentItemId: sent.id };
  }
  const form = await repo.findOwnForm(deps.db, input.formId, auth.accountId, claimId);
  if (!form || form.form_type !== FORM_TYPE) throw new AppError(ErrorNumber.NotFound);
  if (form.status === 'submitted') throw new AppError(ErrorNumber.FormAlreadySubmitted);
  const ids = input.draft.Documents.map((d) => d.FileID);
  const files = await repo.findUnsentFiles(deps.db, auth.accountId, claimId, ids);
  const { items, typeItem } = await checkDocuments(deps, input.draft, files.length);
  if (items.length) throw AppError.list(items);
  const now = deps.clock.now();
  const sentItemId = newId();
  const description = input.draft.Description.trim();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markSubmitted(trx, form.id, JSON.stringify(input.draft), input.idempotencyKey, now))) throw new AppError(ErrorNumber.FormAlreadySubmitted);
    await repo.attachFiles(trx, form.id, ids, now);
    await repo.insertSentItem(trx, {
      id: sentItemId, account_id: auth.accountId, claim_id: claimId, form_id: form.id, type_item: 'Documents',
      subject_main: 'Documents', subject_other: typeItem, message: description, created_at: now,
    });
    await queueForProvider(trx, {
      claimId,
      kind: 'documents',
      payload: { FormId: form.id, SentItemId: sentItemId, DocumentType: typeItem, Description: description, Files: files.map((f) => ({ FileId: f.id, Filename: f.original_name })) },
      now,
    });
  });
  return { SentItemId: sentItemId };
}
