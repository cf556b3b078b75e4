/**
 * The second factors' tables (migration 0020): passkeys, authenticators, recovery_codes and
 * webauthn_challenges. Every single-use step (a challenge, a TOTP time-step, a recovery code) is
 * spent by one conditional statement, so two requests in parallel cannot both spend it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  AuthenticatorTable,
  ChallengePurpose,
  Database,
  PasskeyTable,
  WebauthnChallengeTable,
} from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

type Writer = Kysely<Database> | Transaction<Database>;

// ---- passkeys

export async function listPasskeys(db: Db, accountId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'credential_id', 'name', 'transports', 'created_at', 'last_used_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Writer, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertPasskey(db: Writer, row: PasskeyTable): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

export async function findPasskeyByCredentialId(db: Writer, credentialId: string) {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function findPasskey(db: Db, accountId: string, id: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Records a use: the counter moves only forward (compare-and-set on the value the check read),
 * so two assertions racing with one counter value cannot both count.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  oldCounter: number,
  newCounter: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', oldCounter)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Writer, accountId: string, id: string, name: string): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ name })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Writer, accountId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('passkeys')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function deletePasskeys(db: Writer, accountId: string): Promise<number> {
  const res = await db.deleteFrom('passkeys').where('account_id', '=', accountId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---- the authenticator app

export async function findAuthenticator(db: Writer, accountId: string) {
  return db.selectFrom('authenticators').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** A new set-up replaces one not yet confirmed; a confirmed one stays (the caller refuses first). */
export async function insertPendingAuthenticator(db: Writer, row: AuthenticatorTable): Promise<boolean> {
  await db
    .deleteFrom('authenticators')
    .where('account_id', '=', row.account_id)
    .where('confirmed_at', 'is', null)
    .execute();
  const existing = await findAuthenticator(db, row.account_id);
  if (existing) return false;
  await db.insertInto('authenticators').values(row).execute();
  return true;
}

/** Confirms a pending set-up, once, before it lapses; the confirming code's step is spent with it. */
export async function confirmAuthenticator(db: Writer, id: string, step: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('authenticators')
    .set({ confirmed_at: now, last_step: step })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('setup_expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Spends a TOTP time-step: false when it, or a later one, was already accepted (each code once). */
export async function spendTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const res = await db
    .updateTable('authenticators')
    .set({ last_step: step })
    .where('id', '=', id)
    .where('confirmed_at', 'is not', null)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Removes the account's authenticator, confirmed or not: whether a confirmed one went. */
export async function deleteAuthenticator(db: Writer, accountId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('authenticators')
    .where('account_id', '=', accountId)
    .returning('confirmed_at')
    .execute();
  return rows.some((r) => r.confirmed_at !== null);
}

// ---- recovery codes

export async function countRecoveryCodesLeft(db: Writer, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function replaceRecoveryCodes(db: Writer, accountId: string, hashes: string[], now: number) {
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(
      hashes.map((code_hash) => ({ id: newId(), account_id: accountId, code_hash, created_at: now, used_at: null })),
    )
    .execute();
}

/** Spends a recovery code, once: false when it is not the account's or was used. */
export async function useRecoveryCode(db: Db, accountId: string, codeHash: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- WebAuthn challenges

export async function insertChallenge(db: Db, row: WebauthnChallengeTable): Promise<void> {
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/**
 * Spends a challenge of that purpose, once, while it lives: the row, or undefined when it is
 * unknown, of another purpose, used or expired. Spent before the response is checked, so a
 * failed or replayed ceremony can never try the same challenge again.
 */
export async function spendChallenge(db: Db, challenge: string, purpose: ChallengePurpose, now: number) {
  return db
    .updateTable('webauthn_challenges')
    .set({ used_at: now })
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'account_id', 'session_id', 'code_type', 'challenge'])
    .executeTakeFirst();
}

/** The clean-up's: challenges expired before `before`, and authenticator set-ups never confirmed. */
export async function deleteChallengesExpiredBefore(db: Db, before: number): Promise<number> {
  const res = await db.deleteFrom('webauthn_challenges').where('expires_at', '<', before).executeTakeFirst();
  await db
    .deleteFrom('authenticators')
    .where('confirmed_at', 'is', null)
    .where('setup_expires_at', '<', before)
    .execute();
  return Number(res.numDeletedRows);
}

// ---- reads for the operator, the provider API and sign-in

/** Which kinds of factor an account has (never the factors). */
export async function factorKinds(db: Db, accountId: string) {
  const [passkeys, authenticator, codes] = await Promise.all([
    countPasskeys(db, accountId),
    findAuthenticator(db, accountId),
    countRecoveryCodesLeft(db, accountId),
  ]);
  return {
    passkeys,
    authenticator: authenticator !== undefined && authenticator.confirmed_at !== null,
    authenticatorSince: authenticator?.confirmed_at ?? null,
    recoveryCodesLeft: codes,
  };
}

/** Which kinds of second factor an account has, never the factors (provider API, CLI). */
export async function secondFactorKinds(deps: { db: Db }, accountId: string) {
  const kinds = await factorKinds(deps.db, accountId);
  return {
    Passkey: kinds.passkeys > 0,
    Authenticator: kinds.authenticator,
    RecoveryCodes: kinds.recoveryCodesLeft > 0,
  };
}

/** The passkey that signed a session in, if one did. */
export async function findSessionPasskey(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('passkey_id').where('id', '=', sessionId).executeTakeFirst();
  return row?.passkey_id ?? null;
}

/** The sign-in facts of an account a passkey names. */
export async function findSignInAccount(db: Db, accountId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select(['accounts.id', 'accounts.username', 'accounts.activated', 'claimants.verify_sign_in'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}

/** For the registration options: the name the passkey shows, and the passkeys to exclude. */
export async function findPasskeyUser(db: Db, accountId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select(['accounts.username', 'claimants.first_name', 'claimants.surname'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}
