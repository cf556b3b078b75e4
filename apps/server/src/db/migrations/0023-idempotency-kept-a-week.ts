import { sql, type Kysely } from 'kysely';

/**
 * The provider API's idempotent answers are kept a week and then forgotten (decision 037): the
 * hourly clean-up removes them by their age, on this index. A key reserved and never answered was
 * left by a process that crashed in the middle of its work under the earlier scheme (the key was
 * committed before the work): each such key answered 409 for ever. They are removed, so the
 * claims system's retry does the work (decision 037 says why that is the right outcome for each).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from provider_idempotency where status_code = 0`.execute(db);
  await db.schema.createIndex('provider_idempotency_created').on('provider_idempotency').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('provider_idempotency_created').ifExists().execute();
}
