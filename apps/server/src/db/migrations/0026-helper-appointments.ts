import type { Kysely } from 'kysely';

/**
 * Helpers the claims system appoints (decision 041): the claims system's own reference for the
 * appointment, unique within the claim; empty for a helper the claimant invited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('helper_grants').addColumn('provider_ref', 'text').execute();
  // Both dialects let many rows share an empty reference under a unique index.
  await db.schema
    .createIndex('helper_grants_provider_ref')
    .on('helper_grants')
    .columns(['claim_id', 'provider_ref'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('helper_grants_provider_ref').execute();
  await db.schema.alterTable('helper_grants').dropColumn('provider_ref').execute();
}
