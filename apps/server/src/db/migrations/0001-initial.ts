import type { Kysely } from 'kysely';

/** The foundation tables. Types are chosen to mean the same on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claimants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('middle_names', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('mobile', 'text')
    .addColumn('phone_area', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('home_address', 'text')
    .addColumn('postal_address', 'text')
    .addColumn('addresses_same', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pref_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pref_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('bank_name', 'text')
    .addColumn('bank_account_name', 'text')
    .addColumn('bank_bsb', 'text')
    .addColumn('bank_account_number_enc', 'text')
    .addColumn('bank_account_last4', 'text')
    .addColumn('bank_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mobile_edit_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_edit_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claimant_id', 'text', (c) => c.notNull().unique().references('claimants.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verify_sign_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('one_time_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claimant_id', 'text', (c) => c.notNull().references('claimants.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('accident_date', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('is_state_trustee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_edit_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('claims_claimant').on('claims').column('claimant_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('selected_claim_id', 'text', (c) => c.references('claims.id').onDelete('set null'))
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('inbox_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('inbox_messages_claim_received')
    .on('inbox_messages')
    .columns(['claim_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('dropdown_items')
    .addColumn('list_type', 'text', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('element_number', 'integer', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dropdown_items_pk', ['list_type', 'id'])
    .execute();

  await db.schema
    .createTable('maintenance_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .execute();

  await db.schema
    .createTable('page_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'page_views',
    'maintenance_messages',
    'dropdown_items',
    'inbox_messages',
    'login_throttle',
    'sessions',
    'claims',
    'accounts',
    'claimants',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
