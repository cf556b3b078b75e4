import type { Kysely } from 'kysely';

/**
 * Personal-details change requests waiting for the provider's decision (spec 000 "Personal
 * details change"): the stored details change only when the provider approves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('details_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('claimant_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('requested', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decision_note', 'text')
    .execute();
  await db.schema
    .createIndex('details_requests_account')
    .on('details_requests')
    .columns(['account_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('details_requests').execute();
}
