import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

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

/** The maintenance messages shown from now, in place of any before (none: nothing shown); in the caller's transaction. */
export async function replaceMaintenance(
  trx: Transaction<Database>,
  messages: string[],
  now: number,
  endsAt: number | null,
): Promise<void> {
  await trx.deleteFrom('maintenance_messages').execute();
  if (messages.length)
    await trx
      .insertInto('maintenance_messages')
      .values(messages.map((message) => ({ id: newId(), message, starts_at: now, ends_at: endsAt })))
      .execute();
}

/** A dropdown list's items, in place of the ones it had; in the caller's transaction. */
export async function replaceList(
  trx: Transaction<Database>,
  listType: string,
  items: { id: number; element_number: number; item: string }[],
): Promise<void> {
  await trx.deleteFrom('dropdown_items').where('list_type', '=', listType).execute();
  await trx
    .insertInto('dropdown_items')
    .values(items.map((i) => ({ list_type: listType, ...i })))
    .execute();
}
