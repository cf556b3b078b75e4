import type { Kysely } from 'kysely';

/**
 * People who help (decision 041): a sent item a helper sent for the claimant keeps the name the
 * claimant gave that helper, so Sent items can say "Sent for you by …" (null: the claimant sent it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sent_items').addColumn('sent_by_helper', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sent_items').dropColumn('sent_by_helper').execute();
}
