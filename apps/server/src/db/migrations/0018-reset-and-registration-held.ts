import type { Kysely } from 'kysely';

/**
 * A password reset waits for a code: the new password's hash is held on the reset token, with
 * the session that must enter the code, until that code arrives (docs/decisions/023). What a
 * registrant types (contacts, addresses) is held on the account, never written over the claims
 * system's record, and sent to the claims system as a request once the account is activated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reset_tokens').addColumn('pending_password_hash', 'text').execute();
  await db.schema.alterTable('reset_tokens').addColumn('session_id', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('registration_details', 'text').execute();
  await db.schema.createIndex('reset_tokens_session').on('reset_tokens').column('session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reset_tokens_session').execute();
  await db.schema.alterTable('accounts').dropColumn('registration_details').execute();
  await db.schema.alterTable('reset_tokens').dropColumn('session_id').execute();
  await db.schema.alterTable('reset_tokens').dropColumn('pending_password_hash').execute();
}
