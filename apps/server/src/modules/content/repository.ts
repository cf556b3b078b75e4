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
