import type { Kysely } from 'kysely';

/** Form drafts and submissions, and the sent items the claimant sees. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('form_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('saved_unsubmitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('idempotency_key', 'text')
    .addUniqueConstraint('forms_idempotency', ['account_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('forms_owner')
    .on('forms')
    .columns(['account_id', 'claim_id', 'form_type', 'status'])
    .execute();
  await db.schema
    .createTable('sent_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('type_item', 'text', (c) => c.notNull())
    .addColumn('subject_main', 'text', (c) => c.notNull())
    .addColumn('subject_other', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_items_claim').on('sent_items').columns(['claim_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sent_items').ifExists().execute();
  await db.schema.dropTable('forms').ifExists().execute();
}
