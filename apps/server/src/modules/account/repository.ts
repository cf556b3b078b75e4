import { sql, type Transaction } from 'kysely';
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

const bankFlagColumns = [
  sql<number>`max(is_state_trustee)`.as('trustee'),
  sql<number>`min(bank_edit_allowed)`.as('bank_edit_allowed'),
];
const claimantBankFlags = preparedQuery((db: Db, claimantId: string) =>
  db.selectFrom('claims').select(bankFlagColumns).where('claimant_id', '=', claimantId),
);

/**
 * The State Trustees and bank-edit flags that apply to the claimant's bank details: over every
 * claim of theirs, whichever is selected. The bank details belong to the claimant, not to a claim,
 * so the strictest claim wins: one claim managed by the State Trustees, or with bank edits
 * disallowed, locks them for all.
 */
export async function findBankFlags(db: Db, claimantId: string) {
  const [row] = await claimantBankFlags(db, claimantId);
  return { trustee: Number(row?.trustee ?? 0) === 1, bankEditAllowed: Number(row?.bank_edit_allowed ?? 1) === 1 };
}

export async function markBankVerified(db: Db, claimantId: string): Promise<void> {
  await db.updateTable('claimants').set({ bank_verified: 1 }).where('id', '=', claimantId).execute();
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

export async function setPreferences(db: Writer, claimantId: string, sms: boolean, email: boolean): Promise<void> {
  await db
    .updateTable('claimants')
    .set({ pref_sms: sms ? 1 : 0, pref_email: email ? 1 : 0 })
    .where('id', '=', claimantId)
    .execute();
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

export async function setBankDetails(
  db: Writer,
  claimantId: string,
  b: { bankName: string; accountName: string; bsb: string; accountNumberEnc: string; last4: string },
): Promise<void> {
  await db
    .updateTable('claimants')
    .set({
      bank_name: b.bankName,
      bank_account_name: b.accountName,
      bank_bsb: b.bsb,
      bank_account_number_enc: b.accountNumberEnc,
      bank_account_last4: b.last4,
      bank_verified: 1,
    })
    .where('id', '=', claimantId)
    .execute();
}

export async function setContactDetails(
  db: Writer,
  claimantId: string,
  c: {
    email: string;
    mobile: string | null;
    phoneArea: string | null;
    phoneNumber: string | null;
    homeAddress: string;
    postalAddress: string;
    same: boolean;
  },
): Promise<void> {
  await db
    .updateTable('claimants')
    .set({
      email: c.email,
      mobile: c.mobile,
      phone_area: c.phoneArea,
      phone_number: c.phoneNumber,
      home_address: c.homeAddress,
      postal_address: c.postalAddress,
      addresses_same: c.same ? 1 : 0,
    })
    .where('id', '=', claimantId)
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
