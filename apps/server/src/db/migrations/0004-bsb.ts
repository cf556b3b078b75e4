import type { Kysely } from 'kysely';

/** The AusPayNet BSB directory and the institution names by BSB prefix. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bsb_directory')
    .addColumn('bsb', 'text', (c) => c.primaryKey())
    .addColumn('mnemonic', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('suburb', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('streams', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bank_institutions')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('mnemonic', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_institutions').ifExists().execute();
  await db.schema.dropTable('bsb_directory').ifExists().execute();
}
