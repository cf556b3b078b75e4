import type { Db } from '../../db/database.ts';

export async function insertPageView(
  db: Db,
  v: { id: string; path: string; title: string; accountId: string | null; at: number },
) {
  await db
    .insertInto('page_views')
    .values({ id: v.id, path: v.path, title: v.title, account_id: v.accountId, at: v.at })
    .execute();
}

/** The clean-up's: page views recorded before `before` (decision 019). */
export async function deletePageViewsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('page_views').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
