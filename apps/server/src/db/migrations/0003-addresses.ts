import type { Kysely } from 'kysely';

/** The address index (G-NAF Core): one row per address, with a normalised text to search. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('locality', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    /** ' WORD WORD …' in upper case, so a word prefix matches with LIKE '% PREFIX%'. */
    .addColumn('search', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_postcode').on('addresses').column('postcode').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('addresses').ifExists().execute();
}
