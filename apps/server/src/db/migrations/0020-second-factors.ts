import type { Kysely } from 'kysely';

/**
 * Second factors (decision 029): passkeys (WebAuthn credentials, at most 5 an account),
 * the authenticator app (its TOTP secret sealed like bank numbers, and the last time-step accepted
 * so each code works once), recovery codes (HMAC only, single use) and WebAuthn challenges
 * (single use, minutes). Everything goes with its account. A session started by a passkey names
 * it, so the verification VerifySignIn asks of that sign-in takes something else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('passkey_id', 'text').execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** base64url, as the authenticator names it; unique across accounts. */
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    /** COSE public key, base64url: public, not sealed. */
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    /** JSON array of transports ('internal', 'hybrid', …). */
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_account').on('passkeys').column('account_id').execute();

  await db.schema
    .createTable('authenticators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** One an account: a new set-up replaces one not yet confirmed. */
    .addColumn('account_id', 'text', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    /** Sealed (v3, bound to authenticators:secret_enc:<id>); `portal keys rotate` re-seals it. */
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    /** Null while the set-up waits for its first code; the set-up lapses at setup_expires_at. */
    .addColumn('confirmed_at', 'bigint')
    .addColumn('setup_expires_at', 'bigint', (c) => c.notNull())
    /** The highest TOTP time-step accepted: a code of that step or an earlier one is refused. */
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recovery_codes_account_hash')
    .on('recovery_codes')
    .columns(['account_id', 'code_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** base64url, as it travels in clientDataJSON; unique, so a ceremony finds its own. */
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    /** register, stepup, verify (the sign-in verification) or signin (passkey sign-in, no account yet). */
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('code_type', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('authenticators').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.alterTable('sessions').dropColumn('passkey_id').execute();
}
