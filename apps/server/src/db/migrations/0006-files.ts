import type { Kysely } from 'kysely';

/** Uploaded documents: who owns them, which claim and form, what they are. The bytes are in the file store. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('form_type', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** Set when the form the file belongs to is submitted; unsubmitted files expire after 7 days. */
    .addColumn('submitted_at', 'bigint')
    .execute();
  await db.schema.createIndex('files_owner').on('files').columns(['account_id', 'claim_id']).execute();
  await db.schema.createIndex('files_unsubmitted').on('files').columns(['submitted_at', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').ifExists().execute();
}
