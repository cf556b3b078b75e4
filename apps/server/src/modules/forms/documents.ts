/**
 * Drafts of the forms that keep them (spec 001 Document drafts; uploads issue): a draft per
 * claimant and claim, saved as the claimant types; a save for a form already sent never brings
 * it back. Sending one is the submission path's (modules/submissions).
 */
import { ErrorNumber, isoToday, type DraftFormType } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { AuthContext } from '../session/service.ts';
import { attachFiles, deleteFileRows } from '../uploads/repository.ts';
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
  const form = input.formId
    ? await repo.findOwnForm(deps.db, input.formId, auth.accountId, claimId)
    : await repo.findDraft(deps.db, auth.accountId, claimId, formType);
  if (input.formId && (!form || form.form_type !== formType)) throw new AppError(ErrorNumber.NotFound);
  // A save that arrives after the submit (a debounced keystroke) leaves the sent form alone.
  if (form?.status === 'submitted') return { FormId: form.id, UpdatedAt: iso(form.updated_at), Submitted: true };
  const id = form?.id ?? newId();
  const own = await repo.findUnsentFiles(
    deps.db,
    auth.accountId,
    claimId,
    input.draft.Documents.map((d) => d.FileID),
  );
  await deps.db.transaction().execute(async (trx) => {
    if (form) await repo.updateDraftData(trx, id, data, input.savedUnsubmitted, now);
    else {
      await repo.insertForm(trx, {
        id,
        account_id: auth.accountId,
        claim_id: claimId,
        form_type: formType,
        status: 'draft',
        data,
        saved_unsubmitted: input.savedUnsubmitted ? 1 : 0,
        updated_at: now,
        submitted_at: null,
        idempotency_key: null,
      });
    }
    await attachFiles(
      trx,
      id,
      own.map((f) => f.id),
      null,
    );
  });
  return { FormId: id, UpdatedAt: iso(now), Submitted: false };
}

export async function findDraft<T extends DraftData>(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: DraftFormType,
) {
  const form = await repo.findDraft(deps.db, auth.accountId, claimId, formType);
  return form ? { FormId: form.id, Draft: JSON.parse(form.data) as T, UpdatedAt: iso(form.updated_at) } : null;
}

export async function findDraftDates(deps: Deps, auth: AuthContext, claimId: string) {
  const form = await repo.findDraft(deps.db, auth.accountId, claimId, FORM_TYPE);
  return { DocumentsDate: form ? isoToday(new Date(form.updated_at)) : null };
}

/** Deletes the draft and the files uploaded for it that were never sent. */
export async function discardDraft(
  deps: Deps,
  store: FileStore,
  auth: AuthContext,
  claimId: string,
  formType: DraftFormType,
): Promise<true> {
  const form = await repo.findDraft(deps.db, auth.accountId, claimId, formType);
  if (!form) return true;
  const listed = (JSON.parse(form.data) as DraftData).Documents.map((d) => d.FileID);
  const files = [
    ...(await repo.findFilesOfForm(deps.db, form.id)),
    ...(await repo.findUnsentFiles(deps.db, auth.accountId, claimId, listed)),
  ];
  const unique = [...new Map(files.map((f) => [f.id, f])).values()];
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteDraft(trx, form.id);
    await deleteFileRows(
      trx,
      unique.map((f) => f.id),
    );
  });
  for (const f of unique) await store.remove(f.storage_key);
  return true;
}
