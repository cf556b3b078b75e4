/**
 * The owner of decisions (STYLE rule 13): one row per submission and outcome, as the claims
 * system records them, and the claimant's reads of them (the latest decision of each sent item,
 * the decisions of the last days, the requests for more information not yet answered) and of
 * the sent item each is about.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, DecisionTable } from '../../db/schema.ts';

type Writer = Db | Transaction<Database>;
type Reader = Db | Transaction<Database>;

export async function findDecision(db: Reader, sentItemId: string, outcome: DecisionTable['outcome']) {
  return db
    .selectFrom('decisions')
    .select(['id', 'letter_file_id', 'decided_on', 'reason', 'needed', 'needed_by', 'review', 'review_by', 'lines'])
    .where('sent_item_id', '=', sentItemId)
    .where('outcome', '=', outcome)
    .executeTakeFirst();
}

/** One row per submission and outcome: setting an outcome again replaces its row. */
export async function saveDecision(
  db: Writer,
  existingId: string | undefined,
  row: Omit<DecisionTable, 'created_at'> & { created_at: number },
): Promise<void> {
  if (existingId) {
    const { id: _id, created_at: _created, sent_item_id: _s, outcome: _o, claim_id: _c, ...values } = row;
    await db.updateTable('decisions').set(values).where('id', '=', existingId).execute();
  } else {
    await db.insertInto('decisions').values(row).execute();
  }
}

/** All recorded outcomes of a submission. */
export async function findDecisionsOf(db: Reader, sentItemId: string) {
  return db
    .selectFrom('decisions')
    .select([
      'id',
      'outcome',
      'decided_on',
      'reason',
      'needed',
      'needed_by',
      'review',
      'review_by',
      'lines',
      'letter_file_id',
      'updated_at',
    ])
    .where('sent_item_id', '=', sentItemId)
    .execute();
}

/** Decisions (not steps) of the claimant's own submissions of this claim dated on or after `since`. */
export async function findRecentDecisions(
  db: Db,
  accountId: string,
  claimId: string,
  outcomes: readonly DecisionTable['outcome'][],
  since: string,
  limit: number,
) {
  return db
    .selectFrom('decisions')
    .innerJoin('sent_items', 'sent_items.id', 'decisions.sent_item_id')
    .select([
      'decisions.sent_item_id',
      'decisions.outcome',
      'decisions.decided_on',
      'sent_items.subject_main',
      'sent_items.subject_other',
    ])
    .where('decisions.claim_id', '=', claimId)
    .where('sent_items.account_id', '=', accountId)
    .where('decisions.outcome', 'in', outcomes)
    .where('decisions.decided_on', '>=', since)
    .orderBy('decisions.decided_on', 'desc')
    .orderBy('decisions.updated_at', 'desc')
    .limit(limit)
    .execute();
}

const FINAL_OUTCOMES = ['approved', 'partly-approved', 'declined'] as const;

/** The decisions (not steps) of these sent items, to find each one's latest. */
export async function findDecidingOf(db: Reader, sentItemIds: string[], outcomes: readonly DecisionTable['outcome'][]) {
  if (!sentItemIds.length) return [];
  return db
    .selectFrom('decisions')
    .select(['sent_item_id', 'outcome', 'decided_on', 'needed_by', 'updated_at'])
    .where('sent_item_id', 'in', sentItemIds)
    .where('outcome', 'in', outcomes)
    .execute();
}

/**
 * The requests for more information on the claimant's own submissions of this claim that are
 * still the submission's latest decision: no approval or decline dated after them (or on the same
 * day and recorded later), the order the sent item's progress uses. At most `limit`.
 */
export async function findInformationRequests(db: Reader, accountId: string, claimId: string, limit: number) {
  return db
    .selectFrom('decisions as d')
    .innerJoin('sent_items as s', 's.id', 'd.sent_item_id')
    .select([
      'd.sent_item_id',
      'd.decided_on',
      'd.needed',
      'd.needed_by',
      's.type_item',
      's.subject_main',
      's.subject_other',
    ])
    .where('d.claim_id', '=', claimId)
    .where('s.claim_id', '=', claimId)
    .where('s.account_id', '=', accountId)
    .where('d.outcome', '=', 'more-information-needed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('decisions as later')
            .select('later.id')
            .whereRef('later.sent_item_id', '=', 'd.sent_item_id')
            .where('later.outcome', 'in', FINAL_OUTCOMES)
            .where((later) =>
              later.or([
                later('later.decided_on', '>', later.ref('d.decided_on')),
                later.and([
                  later('later.decided_on', '=', later.ref('d.decided_on')),
                  later('later.updated_at', '>', later.ref('d.updated_at')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('d.decided_on')
    .orderBy('d.sent_item_id')
    .limit(limit)
    .execute();
}

/** When the claimant last sent, from the portal, an answer to each of these of their submissions. */
export async function findLastAnswers(db: Reader, accountId: string, claimId: string, sentItemIds: string[]) {
  if (!sentItemIds.length) return [];
  return db
    .selectFrom('sent_items')
    .select((eb) => ['responds_to', eb.fn.max<number | string>('created_at').as('last')])
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .where('responds_to', 'in', sentItemIds)
    .groupBy('responds_to')
    .execute();
}

// ---- the sent item a decision is about ----------------------------------------------------

/** One of the claimant's own sent items of this claim, or undefined (anyone else's is "not found"). */
export async function findOwnSentItem(db: Db, accountId: string, claimId: string, id: string) {
  return db
    .selectFrom('sent_items')
    .select(['id', 'form_id', 'type_item', 'subject_main', 'subject_other', 'created_at'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
}

/** The form a sent item was sent from (its receipts, for a reimbursement's decision lines). */
export async function findFormData(db: Reader, formId: string): Promise<string | undefined> {
  return (await db.selectFrom('forms').select('data').where('id', '=', formId).executeTakeFirst())?.data;
}

export async function findFileName(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('files').select('original_name').where('id', '=', id).executeTakeFirst())?.original_name;
}
