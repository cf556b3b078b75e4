import type { Kysely } from 'kysely';

/**
 * Resumable uploads (tus 1.0, decision 040): one row per upload still arriving, with what its
 * creation declared. Its bytes so far are a file of their own under DATA_DIR/resumable, whose
 * size is the upload's offset. The row goes when the upload becomes a stored file, is ended by
 * the claimant, or is 24 hours old (the hourly clean-up); with its account too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('upload_length', 'bigint', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('form_type', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resumable_uploads_account').on('resumable_uploads').column('account_id').execute();
  await db.schema.createIndex('resumable_uploads_created').on('resumable_uploads').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resumable_uploads').ifExists().execute();
}
