import type { Kysely } from 'kysely';

/** Every change of personal, contact, bank details, preferences and password (values masked). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON: { field: { from, to } } with both values masked. */
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_events_account').on('audit_events').columns(['account_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').ifExists().execute();
}
