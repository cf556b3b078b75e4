/**
 * The owner of payments and payment_settles (STYLE rule 13), and their reads (decisions have
 * theirs in decisions-repository.ts).
 *
 * The Payments page reads two runs of one index (migration 0019): upcoming (scheduled) payments
 * soonest first, then the rest newest first, each an ordered range of
 * (claim_id, upcoming, payment_date, id) bounded by the financial year (or by all dates), so a
 * page of a claim holding 5 000 payments reads no more rows than a page of 10 (plus its offset).
 */
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, PaymentTable } from '../../db/schema.ts';

type Writer = Db | Transaction<Database>;
type Reader = Db | Transaction<Database>;

const PAYMENT_COLUMNS = [
  'id',
  'claim_id',
  'reference',
  'kind',
  'description',
  'amount_cents',
  'gst_cents',
  'taxable',
  'payment_date',
  'status',
  'paid_to_last3',
  'paid_to_name',
  'period_from',
  'period_to',
  'updated_at',
] as const;
export type PaymentRow = Pick<PaymentTable, (typeof PAYMENT_COLUMNS)[number]>;

/** Every date: the bounds of "all years". */
export const ALL_DATES = { from: '0000-01-01', to: '9999-12-31' };

// ---- writes ------------------------------------------------------------------------------

export async function findPaymentByReference(db: Reader, claimId: string, reference: string) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('claim_id', '=', claimId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export async function insertPayment(db: Writer, row: Insertable<PaymentTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export async function updatePayment(
  db: Writer,
  id: string,
  values: Omit<PaymentTable, 'id' | 'claim_id' | 'reference' | 'created_at'>,
): Promise<void> {
  await db.updateTable('payments').set(values).where('id', '=', id).execute();
}

/** The submissions a payment settles, replaced by this list. */
export async function replaceSettles(db: Writer, paymentId: string, sentItemIds: string[]): Promise<void> {
  await db.deleteFrom('payment_settles').where('payment_id', '=', paymentId).execute();
  if (sentItemIds.length)
    await db
      .insertInto('payment_settles')
      .values(sentItemIds.map((sent_item_id) => ({ payment_id: paymentId, sent_item_id })))
      .execute();
}

// ---- provider reads ----------------------------------------------------------------------

export async function findClaimByNumber(db: Reader, number: string) {
  return db
    .selectFrom('claims')
    .select(['id', 'claimant_id', 'number'])
    .where('number', '=', number)
    .executeTakeFirst();
}

/** Which of these ids are sent items of this claim (another claim's are unknown here). */
export async function findSentItemIdsOfClaim(db: Reader, claimId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sent_items')
    .select('id')
    .where('claim_id', '=', claimId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function findSentItemOfClaim(db: Reader, claimId: string, id: string) {
  return db
    .selectFrom('sent_items')
    .select(['id', 'form_id', 'type_item', 'account_id'])
    .where('claim_id', '=', claimId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Reconciliation: oldest payment date first, then id, after the cursor's (date, id). */
export async function listPaymentsAfter(
  db: Reader,
  claimId: string,
  range: { from: string; to: string },
  after: { date: string; id: string } | null,
  limit: number,
) {
  let q = db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('claim_id', '=', claimId)
    .where('payment_date', '>=', range.from)
    .where('payment_date', '<=', range.to);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('payment_date', '>', after.date),
        eb.and([eb('payment_date', '=', after.date), eb('id', '>', after.id)]),
      ]),
    );
  return q.orderBy('payment_date').orderBy('id').limit(limit).execute();
}

/** The sent items each payment settles, with their subjects. */
export async function findSettles(db: Reader, paymentIds: string[]) {
  if (!paymentIds.length) return [];
  return db
    .selectFrom('payment_settles')
    .innerJoin('sent_items', 'sent_items.id', 'payment_settles.sent_item_id')
    .select([
      'payment_settles.payment_id',
      'payment_settles.sent_item_id',
      'sent_items.subject_main',
      'sent_items.subject_other',
    ])
    .where('payment_settles.payment_id', 'in', paymentIds)
    .orderBy('sent_items.created_at')
    .execute();
}

// ---- claimant reads ----------------------------------------------------------------------

const countRun = preparedQuery((db: Db, claimId: string, upcoming: number, from: string, to: string) =>
  db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('claim_id', '=', claimId)
    .where('upcoming', '=', upcoming)
    .where('payment_date', '>=', from)
    .where('payment_date', '<=', to),
);
const upcomingRun = preparedQuery((db: Db, claimId: string, from: string, to: string, amount: number, offset: number) =>
  db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('claim_id', '=', claimId)
    .where('upcoming', '=', 1)
    .where('payment_date', '>=', from)
    .where('payment_date', '<=', to)
    .orderBy('payment_date')
    .orderBy('id')
    .limit(amount)
    .offset(offset),
);
const historyRun = preparedQuery((db: Db, claimId: string, from: string, to: string, amount: number, offset: number) =>
  db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('claim_id', '=', claimId)
    .where('upcoming', '=', 0)
    .where('payment_date', '>=', from)
    .where('payment_date', '<=', to)
    .orderBy('payment_date', 'desc')
    .orderBy('id', 'desc')
    .limit(amount)
    .offset(offset),
);

export async function countPayments(db: Db, claimId: string, upcoming: boolean, range: { from: string; to: string }) {
  const [row] = await countRun(db, claimId, upcoming ? 1 : 0, range.from, range.to);
  return Number(row?.n ?? 0);
}

export function listUpcoming(
  db: Db,
  claimId: string,
  range: { from: string; to: string },
  amount: number,
  offset: number,
) {
  return upcomingRun(db, claimId, range.from, range.to, amount, offset);
}

export function listHistory(
  db: Db,
  claimId: string,
  range: { from: string; to: string },
  amount: number,
  offset: number,
) {
  return historyRun(db, claimId, range.from, range.to, amount, offset);
}

/** What was paid in the range: the total, the taxable part, the GST (status paid only). */
export async function sumPaid(db: Db, claimId: string, range: { from: string; to: string }) {
  const row = await db
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.sum<number | string | null>('amount_cents').as('total'),
      eb.fn
        .sum<number | string | null>(eb.case().when('taxable', '=', 1).then(eb.ref('amount_cents')).else(0).end())
        .as('taxable'),
      eb.fn.sum<number | string | null>('gst_cents').as('gst'),
    ])
    .where('claim_id', '=', claimId)
    .where('upcoming', '=', 0)
    .where('payment_date', '>=', range.from)
    .where('payment_date', '<=', range.to)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), taxable: Number(row?.taxable ?? 0), gst: Number(row?.gst ?? 0) };
}

/** The earliest and latest payment dates of the claim: four seeks of the page index. */
export async function paymentDateBounds(db: Db, claimId: string): Promise<{ first: string; last: string } | null> {
  const edge = (upcoming: number, dir: 'asc' | 'desc') =>
    db
      .selectFrom('payments')
      .select('payment_date')
      .where('claim_id', '=', claimId)
      .where('upcoming', '=', upcoming)
      .orderBy('payment_date', dir)
      .limit(1)
      .executeTakeFirst();
  const dates = (await Promise.all([edge(0, 'asc'), edge(0, 'desc'), edge(1, 'asc'), edge(1, 'desc')]))
    .filter((r) => r !== undefined)
    .map((r) => r.payment_date)
    .sort();
  return dates.length ? { first: dates[0] as string, last: dates[dates.length - 1] as string } : null;
}

export async function findNextScheduled(db: Db, claimId: string, today: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'payment_date', 'amount_cents', 'kind'])
    .where('claim_id', '=', claimId)
    .where('upcoming', '=', 1)
    .where('payment_date', '>=', today)
    .orderBy('payment_date')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function findPaymentsSettling(db: Db, sentItemId: string) {
  return db
    .selectFrom('payment_settles')
    .innerJoin('payments', 'payments.id', 'payment_settles.payment_id')
    .select(['payments.id', 'payments.payment_date', 'payments.amount_cents', 'payments.status'])
    .where('payment_settles.sent_item_id', '=', sentItemId)
    .orderBy('payments.payment_date')
    .orderBy('payments.id')
    .execute();
}

/** The claim's payments of a date range for its statement: oldest first. */
export async function listForStatement(db: Db, claimId: string, range: { from: string; to: string }) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('claim_id', '=', claimId)
    .where('payment_date', '>=', range.from)
    .where('payment_date', '<=', range.to)
    .orderBy('payment_date')
    .orderBy('id')
    .limit(10_000)
    .execute();
}
