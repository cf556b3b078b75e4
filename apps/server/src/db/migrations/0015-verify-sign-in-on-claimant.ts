import { sql, type Kysely } from 'kysely';

/**
 * "Sign-in verification required" is the claims system's flag about a person, like the other
 * provider flags: it moves from the portal account to the claimant, so it holds for a claimant
 * who registers after the flag was set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('claimants')
    .addColumn('verify_sign_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update claimants set verify_sign_in = 1 where id in (select claimant_id from accounts where verify_sign_in = 1)`.execute(
    db,
  );
  await db.schema.alterTable('accounts').dropColumn('verify_sign_in').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('verify_sign_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update accounts set verify_sign_in = 1 where claimant_id in (select id from claimants where verify_sign_in = 1)`.execute(
    db,
  );
  await db.schema.alterTable('claimants').dropColumn('verify_sign_in').execute();
}
