import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, DetailsRequestTable, SentItemTable } from '../../db/schema.ts';

type Writer = Db | Transaction<Database>;

/** The sent item of the claimant's form sent with this idempotency key (one form per key and account). */
export async function findSentItemByKey(db: Db, accountId: string, key: string) {
  return db
    .selectFrom('forms')
    .innerJoin('sent_items', 'sent_items.form_id', 'forms.id')
    .select('sent_items.id')
    .where('forms.account_id', '=', accountId)
    .where('forms.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** One of the claimant's own sent items of this claim (what a new submission answers), or undefined. */
export async function findOwnSentItemId(db: Db, accountId: string, claimId: string, id: string) {
  return db
    .selectFrom('sent_items')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
}

export async function insertSentItem(db: Writer, row: Insertable<SentItemTable>): Promise<void> {
  await db.insertInto('sent_items').values(row).execute();
}

export async function insertDetailsRequest(db: Writer, row: Insertable<DetailsRequestTable>): Promise<void> {
  await db.insertInto('details_requests').values(row).execute();
}

export async function findListItem(db: Db, listType: string, id: number) {
  return db
    .selectFrom('dropdown_items')
    .select(['id', 'item'])
    .where('list_type', '=', listType)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A dropdown item by the ElementNumber the web app sends back (ContactCategories). */
export async function findListItemByElement(db: Db, listType: string, elementNumber: number) {
  return db
    .selectFrom('dropdown_items')
    .select(['id', 'item'])
    .where('list_type', '=', listType)
    .where('element_number', '=', elementNumber)
    .executeTakeFirst();
}

/** The claimant's bank details, and whether the State Trustees manage the claim (its payments go to them). */
export async function findOwnBankDetails(db: Db, claimantId: string, claimId: string) {
  return db
    .selectFrom('claimants')
    .innerJoin('claims', 'claims.claimant_id', 'claimants.id')
    .select(['bank_name', 'bank_account_name', 'bank_bsb', 'bank_account_last4', 'claims.is_state_trustee'])
    .where('claimants.id', '=', claimantId)
    .where('claims.id', '=', claimId)
    .executeTakeFirst();
}

export async function findAuthorityDetails(db: Db, accountId: string, claimId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .innerJoin('claims', 'claims.claimant_id', 'claimants.id')
    .select([
      'claimants.first_name',
      'claimants.middle_names',
      'claimants.surname',
      'claimants.date_of_birth',
      'claimants.postal_address',
      'claimants.home_address',
      'claims.number',
      'claims.accident_date',
    ])
    .where('accounts.id', '=', accountId)
    .where('claims.id', '=', claimId)
    .executeTakeFirst();
}

/** Where a sent item stands, as the claims system says; false when there is no such item. */
export async function setSentItemStatus(
  db: Writer,
  id: string,
  status: 'Received' | 'In progress' | 'Completed',
  note: string | null,
): Promise<boolean> {
  const res = await db
    .updateTable('sent_items')
    .set({ status, status_note: note })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The sent item of a decided form is done. */
export async function completeSentItemOfForm(db: Writer, formId: string, note: string | null): Promise<void> {
  await db
    .updateTable('sent_items')
    .set({ status: 'Completed', status_note: note })
    .where('form_id', '=', formId)
    .execute();
}

/** Decides a request still pending, once: false when it was decided meanwhile. */
export async function decideDetailsRequest(
  db: Writer,
  id: string,
  d: { decision: 'approved' | 'declined'; note: string | null; now: number },
): Promise<boolean> {
  const decided = await db
    .updateTable('details_requests')
    .set({ status: d.decision, decided_at: d.now, decision_note: d.note })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(decided.numUpdatedRows) === 1;
}
