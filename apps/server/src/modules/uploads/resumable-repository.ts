import type { Db } from '../../db/database.ts';
import type { ResumableUploadTable } from '../../db/schema.ts';

/** The one writer of resumable_uploads: uploads still arriving over tus. */
export async function insertResumable(db: Db, row: ResumableUploadTable): Promise<void> {
  await db.insertInto('resumable_uploads').values(row).execute();
}

/**
 * An upload of this account, created since `since` (an older one has expired): anyone else's,
 * or an expired one, is "not found".
 */
export async function findOwnResumable(
  db: Db,
  id: string,
  accountId: string,
  since: number,
): Promise<ResumableUploadTable | undefined> {
  const row = await db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row && { ...row, upload_length: Number(row.upload_length), created_at: Number(row.created_at) };
}

/** How many uploads this account has still arriving (each holds disk until it ends or expires). */
export async function countOpenResumable(db: Db, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('resumable_uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteResumable(db: Db, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

export async function findExpiredResumable(db: Db, before: number, limit: number): Promise<{ id: string }[]> {
  return db.selectFrom('resumable_uploads').select(['id']).where('created_at', '<', before).limit(limit).execute();
}
