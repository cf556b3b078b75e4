import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The provider integration: API keys of the claims system (hashed, scoped, revocable), the
 * idempotency record of its writes, the claimant reference it knows people by, and the
 * delivery state of the outbox (attempts, back-off, lease, dead) with every attempt recorded.
 * Files the provider attaches to inbox messages belong to no account: files.account_id becomes
 * nullable (SQLite cannot drop NOT NULL, so the table is rebuilt there).
 */
const FILE_COLUMNS =
  'id, account_id, claim_id, form_type, form_id, description, original_name, size, mime, sha256, storage_key, created_at, submitted_at';

async function fileAccountNullable(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table files alter column account_id drop not null`.execute(db);
    return;
  }
  await db.schema
    .createTable('files_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('form_type', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .execute();
  await sql.raw(`insert into files_new (${FILE_COLUMNS}) select ${FILE_COLUMNS} from files`).execute(db);
  await db.schema.dropTable('files').execute();
  await db.schema.alterTable('files_new').renameTo('files').execute();
  await db.schema.createIndex('files_owner').on('files').columns(['account_id', 'claim_id']).execute();
  await db.schema.createIndex('files_unsubmitted').on('files').columns(['submitted_at', 'created_at']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('provider_idempotency')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_idempotency_pk', ['key_id', 'idempotency_key'])
    .execute();
  await db.schema.alterTable('claimants').addColumn('provider_ref', 'text').execute();
  await db.schema.createIndex('claimants_provider_ref').unique().on('claimants').column('provider_ref').execute();
  for (const [name, type, def] of [
    ['attempts', 'integer', 0],
    ['next_attempt_at', 'bigint', 0],
  ] as const) {
    await db.schema
      .alterTable('provider_outbox')
      .addColumn(name, type, (c) => c.notNull().defaultTo(def))
      .execute();
  }
  await db.schema.alterTable('provider_outbox').addColumn('locked_until', 'bigint').execute();
  await db.schema.alterTable('provider_outbox').addColumn('last_error', 'text').execute();
  await db.schema.alterTable('provider_outbox').addColumn('dead_at', 'bigint').execute();
  // The order of events: a sequence on PostgreSQL; on SQLite (one writer at a time) the insert
  // takes max + 1. Times can tie; the sequence cannot.
  await db.schema.alterTable('provider_outbox').addColumn('seq', 'bigint').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`update provider_outbox set seq = rowid`.execute(db);
  } else {
    await sql`create sequence provider_outbox_seq`.execute(db);
    await sql`update provider_outbox set seq = nextval('provider_outbox_seq') where id in (select id from provider_outbox order by created_at, id)`.execute(
      db,
    );
    await sql`alter table provider_outbox alter column seq set default nextval('provider_outbox_seq')`.execute(db);
  }
  await db.schema.createIndex('provider_outbox_order').on('provider_outbox').columns(['claim_id', 'seq']).execute();
  await db.schema
    .createIndex('provider_outbox_pending')
    .on('provider_outbox')
    .columns(['delivered_at', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('provider_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('outbox_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_delivery_attempts_outbox')
    .on('provider_delivery_attempts')
    .column('outbox_id')
    .execute();
  await fileAccountNullable(db);
  // Entries queued before this migration are due now.
  await sql`update provider_outbox set next_attempt_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_delivery_attempts').execute();
  await db.schema.dropIndex('provider_outbox_pending').execute();
  await db.schema.dropIndex('provider_outbox_order').execute();
  for (const c of ['seq', 'dead_at', 'last_error', 'locked_until', 'next_attempt_at', 'attempts'])
    await db.schema.alterTable('provider_outbox').dropColumn(c).execute();
  await db.schema.dropIndex('claimants_provider_ref').execute();
  await db.schema.alterTable('claimants').dropColumn('provider_ref').execute();
  await db.schema.dropTable('provider_idempotency').execute();
  await db.schema.dropTable('provider_api_keys').execute();
}
