import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the hottest reads (bench/RESULTS.md): the unread count reads only unread rows, an
 * inbox page walks (claim, received, id) in order, and attachments are found by their form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index inbox_messages_unread on inbox_messages (claim_id) where read_at is null`.execute(db);
  await db.schema
    .createIndex('inbox_messages_page')
    .on('inbox_messages')
    .columns(['claim_id', 'received_at', 'id'])
    .execute();
  await db.schema.dropIndex('inbox_messages_claim_received').execute();
  await db.schema.createIndex('files_form').on('files').column('form_id').execute();
  await db.schema.createIndex('sent_items_form').on('sent_items').column('form_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sent_items_form').execute();
  await db.schema.dropIndex('files_form').execute();
  await db.schema
    .createIndex('inbox_messages_claim_received')
    .on('inbox_messages')
    .columns(['claim_id', 'received_at'])
    .execute();
  await db.schema.dropIndex('inbox_messages_page').execute();
  await db.schema.dropIndex('inbox_messages_unread').execute();
}
