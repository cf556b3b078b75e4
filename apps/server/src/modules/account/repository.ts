import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

export async function findAccountByUsername(db: Db, username: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select([
      'accounts.id',
      'accounts.claimant_id',
      'accounts.password_hash',
      'accounts.activated',
      'claimants.verify_sign_in',
    ])
    .where('accounts.username', '=', username)
    .executeTakeFirst();
}

/** My Details and every account change read this: compiled once (db/prepared.ts). */
const accountView = preparedQuery((db: Db, accountId: string) =>
  db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select([
      'accounts.registered_at',
      'accounts.one_time_password',
      'claimants.id as claimant_id',
      'claimants.title_id',
      'claimants.first_name',
      'claimants.middle_names',
      'claimants.surname',
      'claimants.date_of_birth',
      'claimants.email',
      'claimants.mobile',
      'claimants.phone_area',
      'claimants.phone_number',
      'claimants.home_address',
      'claimants.postal_address',
      'claimants.addresses_same',
      'claimants.pref_sms',
      'claimants.pref_email',
      'claimants.bank_name',
      'claimants.bank_account_name',
      'claimants.bank_bsb',
      'claimants.bank_account_last4',
      'claimants.bank_verified',
      'claimants.mobile_edit_disabled',
      'claimants.email_edit_disabled',
    ])
    .where('accounts.id', '=', accountId),
);

export async function findAccountView(db: Db, accountId: string) {
  const [row] = await accountView(db, accountId);
  return row;
}

/** A query runner: the database or a transaction. */
type Writer = Db | Transaction<Database>;

export async function findContact(db: Db, accountId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select([
      'claimants.id as claimant_id',
      'claimants.email',
      'claimants.mobile',
      'claimants.pref_sms',
      'claimants.pref_email',
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, accountId: string): Promise<string | undefined> {
  return (await db.selectFrom('accounts').select('password_hash').where('id', '=', accountId).executeTakeFirst())
    ?.password_hash;
}

export async function setPasswordHash(db: Writer, accountId: string, hash: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ password_hash: hash, one_time_password: 0 })
    .where('id', '=', accountId)
    .execute();
}

const pendingRequest = preparedQuery((db: Db, accountId: string) =>
  db
    .selectFrom('details_requests')
    .select('created_at')
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(1),
);

/** When the account's latest change request still waiting for a decision was sent (epoch ms). */
export async function findPendingSince(db: Db, accountId: string): Promise<number | null> {
  const [row] = await pendingRequest(db, accountId);
  return row?.created_at ?? null;
}

export async function insertAccount(
  db: Db,
  a: {
    id: string;
    claimantId: string;
    username: string;
    passwordHash: string;
    now: number;
    /** What a claimant typed, for the claims system at activation; null for a helper's own account. */
    registrationDetails: string | null;
  },
) {
  await db
    .insertInto('accounts')
    .values({
      id: a.id,
      claimant_id: a.claimantId,
      username: a.username,
      password_hash: a.passwordHash,
      activated: 0,
      one_time_password: 0,
      registered_at: a.now,
      registration_details: a.registrationDetails,
    })
    .execute();
}

export async function clearRegistrationDetails(db: Db, accountId: string): Promise<void> {
  await db.updateTable('accounts').set({ registration_details: null }).where('id', '=', accountId).execute();
}

export async function activateAccount(db: Db, accountId: string): Promise<void> {
  await db.updateTable('accounts').set({ activated: 1 }).where('id', '=', accountId).execute();
}

/**
 * The clean-up's: registered and never activated, with no session since `before` (decision 019).
 * Everything of the account goes with it (on delete cascade).
 */
export async function deleteUnactivatedAccounts(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('accounts')
    .where('activated', '=', 0)
    .where('registered_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions')
            .select('sessions.id')
            .whereRef('sessions.account_id', '=', 'accounts.id')
            .where('sessions.last_seen_at', '>=', before),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
