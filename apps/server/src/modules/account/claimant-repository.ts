/**
 * The one writer of claimants: the claimant's own changes (My Details), and what the claims system
 * sends through the provider API (a new or linked claimant, an approved change of names).
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** A query runner: the database or a transaction. */
type Writer = Db | Transaction<Database>;

/** What the claims system owns of a claimant: names, date of birth and the flags it sets. */
export type ClaimantNamesAndFlags = {
  title_id: number;
  first_name: string;
  middle_names: string;
  surname: string;
  date_of_birth: string;
  mobile_edit_disabled: number;
  email_edit_disabled: number;
  verify_sign_in: number;
};

/** Marks the bank details checked; the details confirmed, or undefined when they already were. */
export async function markBankVerified(db: Writer, claimantId: string) {
  return db
    .updateTable('claimants')
    .set({ bank_verified: 1 })
    .where('id', '=', claimantId)
    .where('bank_verified', '=', 0)
    .returning(['bank_bsb', 'bank_account_last4'])
    .executeTakeFirst();
}

export async function setPreferences(db: Writer, claimantId: string, sms: boolean, email: boolean): Promise<void> {
  await db
    .updateTable('claimants')
    .set({ pref_sms: sms ? 1 : 0, pref_email: email ? 1 : 0 })
    .where('id', '=', claimantId)
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
    email: string | null;
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

/**
 * A claimant the claims system sends first: contact details as it holds them, no bank details yet;
 * or a person who only helps others (no reference, no claim), with the contact they were invited at.
 */
export async function insertClaimant(
  db: Writer,
  c: ClaimantNamesAndFlags & {
    id: string;
    provider_ref: string | null;
    email: string | null;
    mobile: string | null;
    home_address: string | null;
    postal_address: string | null;
    now: number;
  },
): Promise<void> {
  const { now, ...values } = c;
  await db
    .insertInto('claimants')
    .values({
      ...values,
      phone_area: null,
      phone_number: null,
      addresses_same: c.home_address === c.postal_address ? 1 : 0,
      pref_sms: 0,
      pref_email: 1,
      bank_name: null,
      bank_account_name: null,
      bank_bsb: null,
      bank_account_number_enc: null,
      bank_account_last4: null,
      bank_verified: 0,
      created_at: now,
    })
    .execute();
}

/** The claims system's names and flags, its reference, and the contact details the portal keeps. */
export async function updateClaimantFromClaimsSystem(
  db: Writer,
  id: string,
  c: ClaimantNamesAndFlags & {
    provider_ref: string;
    email: string | null;
    mobile: string | null;
    home_address: string | null;
    postal_address: string | null;
  },
): Promise<void> {
  await db.updateTable('claimants').set(c).where('id', '=', id).execute();
}

/** An approved personal-details change request. */
export async function setClaimantNames(
  db: Writer,
  id: string,
  names: { first_name: string; middle_names: string; surname: string; date_of_birth: string },
): Promise<void> {
  await db.updateTable('claimants').set(names).where('id', '=', id).execute();
}

/**
 * The clean-up's: people who only help others (no reference from the claims system, no claim)
 * whose account has gone, the registration never activated (deleteUnactivatedAccounts).
 */
export async function deleteHelperPeopleWithoutAccount(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('claimants')
    .where('provider_ref', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('accounts').select('accounts.id').whereRef('accounts.claimant_id', '=', 'claimants.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('claims').select('claims.id').whereRef('claims.claimant_id', '=', 'claimants.id'))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
