import type { Kysely } from 'kysely';

/** The content store, the services catalogue, the survey and the provider outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_documents')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('excess_applies', 'integer', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('survey_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    /** JSON [{ Label, Value }] */
    .addColumn('answers', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('survey_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('claimant_id', 'text', (c) => c.notNull().references('claimants.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createTable('survey_assessments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claimant_id', 'text', (c) => c.notNull().references('claimants.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('accepted_terms', 'integer')
    /** JSON { [questionId]: value } */
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('survey_assessments_claimant')
    .on('survey_assessments')
    .columns(['claimant_id', 'submitted_at'])
    .execute();
  await db.schema
    .createTable('provider_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'provider_outbox',
    'survey_assessments',
    'survey_sessions',
    'survey_questions',
    'services',
    'content_documents',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
