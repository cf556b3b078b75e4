import type { Kysely } from 'kysely';

type Db = Kysely<{
  sent_items: { id: string; type_item: string; message: string; pay_to: string };
}>;

/** The new words for a reimbursement's old "Pay …" line, or undefined when the paragraph is not one. */
export function payToWords(line: string): string | undefined {
  if (line.startsWith('Pay me: ')) return `You: ${line.slice('Pay me: '.length)}`;
  if (line === 'Pay me') return 'You';
  if (line === 'Pay my provider') return 'Your provider';
  if (/^Pay .+ \(.+\): /.test(line)) return line.slice('Pay '.length);
  return undefined;
}

/**
 * Decisions in words (decision 034).
 *
 * decisions.review_by: the last day to ask for a review of a decline, when the claims system
 * gives one (the portal never makes one up).
 *
 * sent_items.responds_to: the claimant's own submission this one answers ("more information
 * needed"), so the claim home stops asking once it is answered; indexed for that look-up.
 *
 * sent_items.pay_to: whom a reimbursement asks us to pay, apart from its receipts, so a declined
 * one shows no "Pay me". A reimbursement's message was its receipts then that line ("Pay me: …",
 * "Pay my provider", "Pay <name> (<relationship>): …"), each a paragraph: the last paragraph moves
 * when it is that line, in the words the portal now writes ("You: …", "Your provider",
 * "<name> (<relationship>): …").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('decisions').addColumn('review_by', 'text').execute();
  await db.schema.alterTable('sent_items').addColumn('responds_to', 'text').execute();
  await db.schema
    .alterTable('sent_items')
    .addColumn('pay_to', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sent_items_responds_to').on('sent_items').column('responds_to').execute();
  await movePayToLines(db);
}

/** Each reimbursement's "Pay …" paragraph into pay_to (those not moved yet), 500 rows at a time. */
export async function movePayToLines(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Db;
  let after = '';
  for (;;) {
    const rows = await typed
      .selectFrom('sent_items')
      .select(['id', 'message'])
      .where('type_item', '=', 'Reimbursement')
      .where('pay_to', '=', '')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const row of rows) {
      const cut = row.message.lastIndexOf('\n\n');
      const last = cut < 0 ? row.message : row.message.slice(cut + 2);
      const payTo = payToWords(last);
      if (payTo === undefined) continue;
      await typed
        .updateTable('sent_items')
        .set({ message: cut < 0 ? '' : row.message.slice(0, cut), pay_to: payTo })
        .where('id', '=', row.id)
        .execute();
    }
    const end = rows.at(-1);
    if (!end) break;
    after = end.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sent_items_responds_to').execute();
  await db.schema.alterTable('sent_items').dropColumn('pay_to').execute();
  await db.schema.alterTable('sent_items').dropColumn('responds_to').execute();
  await db.schema.alterTable('decisions').dropColumn('review_by').execute();
}
