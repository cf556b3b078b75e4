import type { Kysely } from 'kysely';

/** Where the provider is up to with each sent item (Received, In progress, Completed). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sent_items')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Received'))
    .execute();
  await db.schema.alterTable('sent_items').addColumn('status_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sent_items').dropColumn('status_note').execute();
  await db.schema.alterTable('sent_items').dropColumn('status').execute();
}
