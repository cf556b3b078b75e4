import type { Kysely } from 'kysely';

/**
 * Every Australian locality with its postcode (decision 027): a suburb, state and
 * postcode entered by hand are checked against it. The locality is kept as G-NAF writes it
 * (upper case, single spaces), so the check is one look-up of the primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('localities')
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('locality', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('localities_pk', ['postcode', 'state', 'locality'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('localities').ifExists().execute();
}
