import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, FileTable } from '../../db/schema.ts';

/** A file's row: an upload's, or (in its submission's transaction) a file the server wrote. */
export async function insertFile(db: Db | Transaction<Database>, row: FileTable): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/**
 * A file of this claimant and claim — one they uploaded, or one the provider sent to this claim
 * (the claim is the signed-in claimant's own, checked at selection); anything else is "not found".
 */
export async function findOwnFile(db: Db, id: string, accountId: string, claimId: string) {
  return db
    .selectFrom('files')
    .select(['id', 'original_name', 'mime', 'storage_key', 'submitted_at'])
    .where('id', '=', id)
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('account_id', 'is', null)]))
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
}

type Writer = Db | Transaction<Database>;

/** Attaches the claimant's unsent files to a form; `submittedAt` set: sent with it. */
export async function attachFiles(
  db: Writer,
  formId: string,
  ids: string[],
  submittedAt: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('files')
    .set({ form_id: formId, submitted_at: submittedAt })
    .where('id', 'in', ids)
    .where('submitted_at', 'is', null)
    .execute();
}

export async function deleteFileRows(db: Writer, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('files').where('id', 'in', ids).where('submitted_at', 'is', null).execute();
}

export async function deleteFileRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).where('submitted_at', 'is', null).execute();
}

export async function findExpiredUnsubmitted(db: Db, before: number, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key'])
    .where('submitted_at', 'is', null)
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
}

/** A form of this claimant and claim, of this type, still open for files. */
export async function findOpenForm(db: Db, id: string, accountId: string, claimId: string, formType: string) {
  return db
    .selectFrom('forms')
    .select(['id'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .where('form_type', '=', formType)
    .where('status', '=', 'draft')
    .executeTakeFirst();
}

/** The files and bytes this account uploaded from `since` on, as the upload quota counts them. */
export async function findUploadTotals(
  db: Db,
  accountId: string,
  since: number,
): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select([sql<number | string>`count(*)`.as('files'), sql<number | string>`coalesce(sum(size), 0)`.as('bytes')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}
