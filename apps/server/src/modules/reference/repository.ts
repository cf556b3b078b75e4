import type { Db } from '../../db/database.ts';

export async function listDropdownItems(db: Db, listType: string) {
  return db
    .selectFrom('dropdown_items')
    .select(['element_number', 'id', 'item'])
    .where('list_type', '=', listType)
    .orderBy('element_number')
    .orderBy('id')
    .execute();
}

export async function listActiveMaintenance(db: Db, now: number) {
  return db
    .selectFrom('maintenance_messages')
    .select(['message'])
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('starts_at')
    .execute();
}
