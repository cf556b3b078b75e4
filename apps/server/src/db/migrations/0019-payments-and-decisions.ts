import type { Kysely } from 'kysely';

/**
 * Payments and decisions, as the claims system records them through the provider API.
 *
 * payments: a claim's payments, by the claims system's reference (unique per claim). `upcoming`
 * (1 while scheduled) leads the page index, so the Payments page reads its two runs — upcoming
 * soonest first, then history newest first — each as one ordered range of
 * (claim_id, upcoming, payment_date, id): a page of a claim holding 5 000 payments walks no more
 * of the index than a page of 10 (plus the offset), and a financial year is a range of the same
 * index. payment_settles: which submissions (sent items) a payment settles.
 *
 * decisions: one row per submission and outcome (received, in assessment, …, declined), so each
 * step of a sent item's progress keeps its date; setting an outcome again replaces that row.
 * Lines (per receipt line) are JSON; the letter is an ordinary file of the claim (files.form_type
 * 'decision'), downloaded like inbox attachments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('gst_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taxable', 'integer', (c) => c.notNull())
    .addColumn('payment_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('upcoming', 'integer', (c) => c.notNull())
    .addColumn('paid_to_last3', 'text')
    .addColumn('paid_to_name', 'text')
    .addColumn('period_from', 'text')
    .addColumn('period_to', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payments_claim_reference', ['claim_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('payments_page')
    .on('payments')
    .columns(['claim_id', 'upcoming', 'payment_date', 'id'])
    .execute();

  await db.schema
    .createTable('payment_settles')
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('sent_item_id', 'text', (c) => c.notNull().references('sent_items.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('payment_settles_pk', ['payment_id', 'sent_item_id'])
    .execute();
  await db.schema.createIndex('payment_settles_sent_item').on('payment_settles').column('sent_item_id').execute();

  await db.schema
    .createTable('decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sent_item_id', 'text', (c) => c.notNull().references('sent_items.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('decided_on', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('needed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('needed_by', 'text')
    .addColumn('review', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('letter_file_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('decisions_sent_item_outcome', ['sent_item_id', 'outcome'])
    .execute();
  await db.schema.createIndex('decisions_claim_date').on('decisions').columns(['claim_id', 'decided_on']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('decisions').execute();
  await db.schema.dropTable('payment_settles').execute();
  await db.schema.dropTable('payments').execute();
}
