/**
 * Demo payments and decisions (seeded with the demo claimants): a year of weekly income support
 * on each claimant's first claim — paid, one returned by the bank, and the next two scheduled —
 * and, on Alex's second claim (19/12345), three reimbursements the claims system has answered:
 * one partly approved with a reason per receipt line and the payment that settled it, one
 * declined with how to ask for a review, and one waiting for more information.
 * Written as the provider API would leave them (see modules/payments).
 */
import type { Transaction } from 'kysely';
import { isoToday } from '@portal/contracts';
import { newId } from '../../lib/crypto.ts';
import type { Database } from '../schema.ts';

type Tx = Transaction<Database>;
const DAY = 86_400_000;

export type DemoClaim = {
  key: string;
  claimId: string;
  /** Where the claimant's payments go: their account's last 3 digits, or a trustee. */
  paidTo: { last3: string } | { name: string };
  weeklyCents: number;
};

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A Thursday on or before the date: weekly payments are made on Thursdays. */
function thursdayOnOrBefore(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -((day - 4 + 7) % 7));
}

export async function seedDemoWeeklyPayments(trx: Tx, now: number, claim: DemoClaim): Promise<void> {
  const today = isoToday(new Date(now));
  const lastPaid = thursdayOnOrBefore(today);
  const rows = [];
  // 52 weeks paid (one of them returned by the bank and paid again), then the next two scheduled.
  for (let week = -51; week <= 2; week++) {
    const date = addDays(lastPaid, week * 7);
    const returned = week === -20;
    rows.push({
      id: newId(),
      claim_id: claim.claimId,
      reference: `WK-${date}${returned ? '-R' : ''}`,
      kind: 'income-support' as const,
      description: '',
      amount_cents: claim.weeklyCents,
      gst_cents: 0,
      taxable: 1,
      payment_date: date,
      status: week > 0 ? ('scheduled' as const) : returned ? ('returned' as const) : ('paid' as const),
      upcoming: week > 0 ? 1 : 0,
      paid_to_last3: 'last3' in claim.paidTo ? claim.paidTo.last3 : null,
      paid_to_name: 'name' in claim.paidTo ? claim.paidTo.name : null,
      period_from: addDays(date, -13),
      period_to: addDays(date, -7),
      created_at: now,
      updated_at: now,
    });
    if (returned)
      rows.push({
        ...rows[rows.length - 1]!,
        id: newId(),
        reference: `WK-${date}`,
        status: 'paid' as const,
        payment_date: addDays(date, 3),
      });
  }
  for (let i = 0; i < rows.length; i += 50)
    await trx
      .insertInto('payments')
      .values(rows.slice(i, i + 50))
      .execute();
}

type Receipt = { Description: string; Amount: string };
const RECEIPTS: Record<'part' | 'declined' | 'info', Receipt[]> = {
  part: [
    { Description: 'Pharmacy: Pain relief, Main St Chemist, 03/11/2026', Amount: '24.80' },
    { Description: 'Home services: Cleaning, 3 hours, Jo Cleaner, 05/11/2026', Amount: '135.00' },
  ],
  declined: [{ Description: 'Other: Gym membership, Fit Co, 01/10/2026', Amount: '89.00' }],
  info: [{ Description: 'Other: Taxi to physiotherapy, 13 Cabs, 14/11/2026', Amount: '46.20' }],
};

type Owner = { accountId: string; claimId: string; last3: string; payTo: string };

/** Written as submitReimbursement writes one: the receipts in words, whom to pay apart. */
async function sentReimbursement(
  trx: Tx,
  at: number,
  owner: Owner,
  receipts: Receipt[],
  status: 'Received' | 'In progress' | 'Completed',
): Promise<string> {
  const formId = newId();
  const total = receipts.reduce((s, r) => s + Math.round(Number(r.Amount) * 100), 0);
  const totalText = `$${(total / 100).toFixed(2)}`;
  await trx
    .insertInto('forms')
    .values({
      id: formId,
      account_id: owner.accountId,
      claim_id: owner.claimId,
      form_type: 'reimbursement',
      status: 'submitted',
      data: JSON.stringify({
        PayOther: 0,
        Payee: { Kind: 'claimant' },
        Receipts: receipts,
        Total: totalText,
        Documents: [],
      }),
      saved_unsubmitted: 0,
      updated_at: at,
      submitted_at: at,
      idempotency_key: null,
    })
    .execute();
  const id = newId();
  await trx
    .insertInto('sent_items')
    .values({
      id,
      account_id: owner.accountId,
      claim_id: owner.claimId,
      form_id: formId,
      type_item: 'Reimbursement',
      subject_main: 'Reimbursement',
      subject_other: `${receipts.length} receipt${receipts.length === 1 ? '' : 's'}, total ${totalText}`,
      message: receipts.map((r) => r.Description).join('\n\n'),
      pay_to: owner.payTo,
      created_at: at,
      status,
      status_note: null,
    })
    .execute();
  return id;
}

async function decision(
  trx: Tx,
  now: number,
  sentItemId: string,
  claimId: string,
  d: {
    outcome: 'received' | 'in-assessment' | 'more-information-needed' | 'partly-approved' | 'declined';
    on: string;
  } & Partial<{
    reason: string;
    needed: string;
    needed_by: string;
    review: string;
    review_by: string;
    lines: { Line: number; ApprovedCents: number; Reason: string }[];
  }>,
) {
  await trx
    .insertInto('decisions')
    .values({
      id: newId(),
      sent_item_id: sentItemId,
      claim_id: claimId,
      outcome: d.outcome,
      decided_on: d.on,
      reason: d.reason ?? '',
      needed: d.needed ?? '',
      needed_by: d.needed_by ?? null,
      review: d.review ?? '',
      review_by: d.review_by ?? null,
      lines: JSON.stringify(d.lines ?? []),
      letter_file_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The same day `months` later (31 January + 1 month is 3 March: Date.UTC rolls over). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

export async function seedDemoDecisions(trx: Tx, now: number, owner: Owner) {
  const today = isoToday(new Date(now));
  const daysAgo = (n: number) => addDays(today, -n);

  const part = await sentReimbursement(trx, now - 20 * DAY, owner, RECEIPTS.part, 'Completed');
  await decision(trx, now, part, owner.claimId, { outcome: 'received', on: daysAgo(19) });
  await decision(trx, now, part, owner.claimId, { outcome: 'in-assessment', on: daysAgo(15) });
  await decision(trx, now, part, owner.claimId, {
    outcome: 'partly-approved',
    on: daysAgo(8),
    reason: 'We pay for up to 2 hours of cleaning a week while you recover.',
    lines: [
      { Line: 1, ApprovedCents: 2480, Reason: '' },
      { Line: 2, ApprovedCents: 9000, Reason: 'We paid for 2 of the 3 hours.' },
    ],
  });
  const paymentId = newId();
  await trx
    .insertInto('payments')
    .values({
      id: paymentId,
      claim_id: owner.claimId,
      reference: 'RB-DEMO-1',
      kind: 'reimbursement',
      description: 'Pharmacy and cleaning receipts',
      amount_cents: 11480,
      gst_cents: 0,
      taxable: 0,
      payment_date: daysAgo(6),
      status: 'paid',
      upcoming: 0,
      paid_to_last3: owner.last3,
      paid_to_name: null,
      period_from: null,
      period_to: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx.insertInto('payment_settles').values({ payment_id: paymentId, sent_item_id: part }).execute();

  const declined = await sentReimbursement(trx, now - 40 * DAY, owner, RECEIPTS.declined, 'Completed');
  await decision(trx, now, declined, owner.claimId, { outcome: 'received', on: daysAgo(39) });
  await decision(trx, now, declined, owner.claimId, {
    outcome: 'declined',
    on: daysAgo(25),
    reason: 'A gym membership is not a treatment your doctor has asked for, so we cannot pay for it.',
    review: 'If you disagree, call us within 3 months of this decision and ask for an internal review.',
    review_by: addMonths(daysAgo(25), 3),
  });

  const info = await sentReimbursement(trx, now - 5 * DAY, owner, RECEIPTS.info, 'In progress');
  await decision(trx, now, info, owner.claimId, { outcome: 'received', on: daysAgo(4) });
  await decision(trx, now, info, owner.claimId, {
    outcome: 'more-information-needed',
    on: daysAgo(2),
    needed: 'The taxi receipt showing the date, the pick-up and drop-off places, and the fare.',
    needed_by: addDays(today, 14),
  });
}
