import type { Kysely } from 'kysely';

/**
 * People who help (decision 041): one row per helper of one claim, from the invitation to its
 * end. The invitation's token is kept as its SHA-256 only, and taken by one conditional update.
 * helper_account_id is empty until the invitation is taken. The audit trail gains the helper who
 * acted, so the claimant can see what each helper did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('helper_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claimant_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('helper_account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('helper_name', 'text', (c) => c.notNull())
    .addColumn('invited_contact', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('basis', 'text')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('helper_grants_claim').on('helper_grants').column('claim_id').execute();
  await db.schema.createIndex('helper_grants_helper').on('helper_grants').column('helper_account_id').execute();
  await db.schema.createIndex('helper_grants_claimant').on('helper_grants').column('claimant_account_id').execute();
  await db.schema.alterTable('audit_events').addColumn('acting_helper_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('acting_helper_id').execute();
  await db.schema.dropTable('helper_grants').ifExists().execute();
}
