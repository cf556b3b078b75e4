import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, FormTable } from '../../db/schema.ts';

type Writer = Db | Transaction<Database>;

export async function findOwnForm(db: Db, id: string, accountId: string, claimId: string) {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
}

export async function findDraft(db: Db, accountId: string, claimId: string, formType: string) {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .where('form_type', '=', formType)
    .where('status', '=', 'draft')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

export async function insertForm(db: Writer, row: FormTable): Promise<void> {
  await db.insertInto('forms').values(row).execute();
}

export async function updateDraftData(
  db: Writer,
  id: string,
  data: string,
  savedUnsubmitted: boolean,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('forms')
    .set({ data, saved_unsubmitted: savedUnsubmitted ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a draft submitted, once: false when it was already submitted (or is not a draft). */
export async function markSubmitted(db: Writer, id: string, data: string, key: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('forms')
    .set({ status: 'submitted', data, submitted_at: now, updated_at: now, idempotency_key: key })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The clean-up's: drafts never sent and untouched since `before` (decision 019). A draft still
 * holding an unsent file waits: the upload clean-up removes the file with its stored copy within 7
 * days of its upload, and the draft goes at the next run after — nothing is left without its owner.
 */
export async function deleteAbandonedDrafts(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('forms')
    .where('status', '=', 'draft')
    .where('updated_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('files')
            .select('files.id')
            .whereRef('files.form_id', '=', 'forms.id')
            .where('files.submitted_at', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteDraft(db: Writer, id: string): Promise<void> {
  await db.deleteFrom('forms').where('id', '=', id).where('status', '=', 'draft').execute();
}

/** The claimant's own unsent files among `ids`, for this claim. */
export async function findUnsentFiles(db: Db, accountId: string, claimId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'original_name', 'storage_key'])
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .where('submitted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

export async function findFilesOfForm(db: Db, formId: string) {
  return db
    .selectFrom('files')
    .select(['id', 'original_name', 'storage_key'])
    .where('form_id', '=', formId)
    .where('submitted_at', 'is', null)
    .execute();
}
