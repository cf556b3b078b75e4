import type { Db } from '../../db/database.ts';

export async function findDocument(db: Db, name: string) {
  return db.selectFrom('content_documents').select(['name', 'html']).where('name', '=', name).executeTakeFirst();
}

export async function listServices(db: Db) {
  return db
    .selectFrom('services')
    .select(['id', 'name', 'excess_applies', 'icon', 'html'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findService(db: Db, id: number) {
  return db
    .selectFrom('services')
    .select(['id', 'name', 'excess_applies', 'icon', 'html'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function upsertDocument(db: Db, name: string, html: string, now: number): Promise<void> {
  await db
    .insertInto('content_documents')
    .values({ name, html, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ html, updated_at: now }))
    .execute();
}

export async function upsertService(
  db: Db,
  id: number,
  values: { name: string; excess_applies: number; icon: string; html: string; sort: number },
): Promise<void> {
  await db
    .insertInto('services')
    .values({ id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
