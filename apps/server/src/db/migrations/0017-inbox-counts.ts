import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Each claim's inbox counts (all messages, unread ones), kept by triggers on inbox_messages so
 * every writer — the provider API, read marking, the seed, a bulk load, a cascade — keeps them
 * right without knowing about them. Counting a claim's 5 000 messages on every inbox page was
 * half the SQL time of the API benchmark (bench/RESULTS.md); reading one row is not.
 * A derived table: no foreign key, a claim's row goes stale only with the claim itself.
 *
 * Also: getaccount asks for the account's newest pending details request on every call; with
 * created_at in its index that is one index step instead of a sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inbox_counts')
    .addColumn('claim_id', 'text', (c) => c.primaryKey())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const add = (row: 'new') =>
      sql.raw(`insert into inbox_counts (claim_id, total, unread) values (${row}.claim_id, 1, ${row}.read_at is null)
      on conflict (claim_id) do update set total = total + 1, unread = unread + excluded.unread;`);
    const remove = (row: 'old') =>
      sql.raw(
        `update inbox_counts set total = total - 1, unread = unread - (${row}.read_at is null) where claim_id = ${row}.claim_id;`,
      );
    await sql`create trigger inbox_counts_insert after insert on inbox_messages begin ${add('new')} end`.execute(db);
    await sql`create trigger inbox_counts_delete after delete on inbox_messages begin ${remove('old')} end`.execute(db);
    await sql`create trigger inbox_counts_update after update of read_at, claim_id on inbox_messages begin ${remove('old')} ${add('new')} end`.execute(
      db,
    );
  } else {
    await sql`create function inbox_counts_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update inbox_counts set total = total - 1, unread = unread - (case when old.read_at is null then 1 else 0 end)
            where claim_id = old.claim_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into inbox_counts (claim_id, total, unread) values (new.claim_id, 1, case when new.read_at is null then 1 else 0 end)
            on conflict (claim_id) do update set total = inbox_counts.total + 1, unread = inbox_counts.unread + excluded.unread;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger inbox_counts_change after insert or delete or update of read_at, claim_id on inbox_messages
      for each row execute function inbox_counts_change()`.execute(db);
  }

  await db.schema
    .createIndex('details_requests_pending')
    .on('details_requests')
    .columns(['account_id', 'status', 'created_at'])
    .execute();
  await db.schema.dropIndex('details_requests_account').execute();

  // The messages already there.
  await sql`insert into inbox_counts (claim_id, total, unread)
    select claim_id, count(*), sum(case when read_at is null then 1 else 0 end) from inbox_messages group by claim_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('details_requests_account')
    .on('details_requests')
    .columns(['account_id', 'status'])
    .execute();
  await db.schema.dropIndex('details_requests_pending').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const t of ['inbox_counts_insert', 'inbox_counts_delete', 'inbox_counts_update'])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  } else {
    await sql`drop trigger if exists inbox_counts_change on inbox_messages`.execute(db);
    await sql`drop function if exists inbox_counts_change()`.execute(db);
  }
  await db.schema.dropTable('inbox_counts').ifExists().execute();
}
