import type { Kysely } from 'kysely';

/**
 * Access-code bounds (decision 006): the day's wrong-guess budget per account, the message that
 * carries each code (withdrawn when the code is replaced, used, spent or expired), and an
 * instant after which a waiting message is worthless.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_guesses')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // The Melbourne calendar date of the guesses ('yyyy-mm-dd').
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('wrong', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('code_guesses_pk', ['account_id', 'day'])
    .execute();
  await db.schema.alterTable('access_codes').addColumn('notification_id', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('expires_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('expires_at').execute();
  await db.schema.alterTable('access_codes').dropColumn('notification_id').execute();
  await db.schema.dropTable('code_guesses').execute();
}
