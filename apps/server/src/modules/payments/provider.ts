/**
 * Payments as the claims system records them through the provider API (and the CLI), and the
 * checks and notice its decisions share (decision-provider.ts). The claims system is the source
 * of truth: the portal stores what it is told and never computes an entitlement. Every check runs
 * before anything is written; a refused request stores nothing. The claimant hears only that
 * there is news (no amounts, no medical details).
 */
import type { z } from 'zod';
import { isoToday, type UpsertPaymentRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../lib/crypto.ts';
import { ProviderError, notFound } from '../provider/errors.ts';
import { notifyClaimant, type Tx } from '../provider/inbox-message.ts';
import * as repo from './repository.ts';

type PaymentInput = z.output<typeof UpsertPaymentRequest>;

/** Payments may be scheduled at most this far ahead (a date further is a mistake). */
const MAX_YEARS_AHEAD = 2;
/** The first day of the earliest financial year a claimant can choose (FinancialYear 2000). */
const EARLIEST_DATE = '2000-07-01';

export const unprocessable = (path: string, message: string) =>
  new ProviderError(422, 'Unprocessable Content', message, [{ path, message }]);

export function isRealDate(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

function yearsAhead(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // 29 February + 2 years is 1 March (Date.UTC rolls over).
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

export function today(deps: Deps): string {
  return isoToday(new Date(deps.clock.now()));
}

function paymentView(p: repo.PaymentRow, claimNumber: string, settles: string[]) {
  return {
    PaymentId: p.id,
    ClaimNumber: claimNumber,
    Reference: p.reference,
    Kind: p.kind,
    Description: p.description,
    AmountCents: Number(p.amount_cents),
    GstCents: Number(p.gst_cents),
    Taxable: p.taxable === 1,
    PaymentDate: p.payment_date,
    Status: p.status,
    PaidTo:
      p.paid_to_last3 !== null
        ? { Kind: 'account' as const, AccountLast3: p.paid_to_last3 }
        : { Kind: 'provider' as const, Name: p.paid_to_name ?? '' },
    PeriodFrom: p.period_from,
    PeriodTo: p.period_to,
    Settles: settles,
    UpdatedAt: new Date(Number(p.updated_at)).toISOString(),
  };
}

function checkPayment(deps: Deps, input: PaymentInput): void {
  for (const [path, date] of [
    ['PaymentDate', input.PaymentDate],
    ['PeriodFrom', input.PeriodFrom],
    ['PeriodTo', input.PeriodTo],
  ] as const)
    if (date !== undefined && !isRealDate(date)) throw unprocessable(path, 'Not a calendar date');
  // The claimant's year filter offers financial years from 2000–01 (the contract's FinancialYear).
  for (const [path, date] of [
    ['PaymentDate', input.PaymentDate],
    ['PeriodFrom', input.PeriodFrom],
    ['PeriodTo', input.PeriodTo],
  ] as const)
    if (date !== undefined && date < EARLIEST_DATE)
      throw unprocessable(
        path,
        `A date can be no earlier than ${EARLIEST_DATE}, the start of the 2000–01 financial year`,
      );
  const latest = yearsAhead(today(deps), MAX_YEARS_AHEAD);
  if (input.PaymentDate > latest)
    throw unprocessable('PaymentDate', `A payment date can be at most ${MAX_YEARS_AHEAD} years ahead (${latest})`);
  if (input.GstCents > input.AmountCents) throw unprocessable('GstCents', 'GST cannot exceed the amount');
  if ((input.PeriodFrom === undefined) !== (input.PeriodTo === undefined))
    throw unprocessable(input.PeriodFrom === undefined ? 'PeriodFrom' : 'PeriodTo', 'Give both ends of the period');
  if (input.PeriodFrom !== undefined && input.PeriodTo !== undefined && input.PeriodFrom > input.PeriodTo)
    throw unprocessable('PeriodTo', 'The period ends before it starts');
  const seen = new Set<string>();
  for (const [i, id] of input.Settles.entries()) {
    if (seen.has(id)) throw unprocessable(`Settles.${i}`, 'Listed twice');
    seen.add(id);
  }
}

const portalName = (deps: Deps) => `${deps.config.provider.shortName} claimant portal`;

/** "There is news": the words of every payment and decision notice, with nothing of the claim in them. */
export function newsNotice(deps: Deps, kind: 'payment-news' | 'decision-news') {
  const portal = portalName(deps);
  return {
    kind,
    subject: `News in the ${portal}`,
    text:
      kind === 'payment-news'
        ? `There is news about a payment in the ${portal}. Sign in to see it.`
        : `There is news about something you sent us in the ${portal}. Sign in to see it.`,
  };
}

/**
 * Creates or updates a payment of a claim by the claims system's reference. Sending the same
 * payment again changes nothing (and tells nobody); the claimant is told when a payment becomes
 * paid or returned.
 */
export async function upsertPayment(deps: Deps, input: PaymentInput) {
  const claim = await repo.findClaimByNumber(deps.db, input.ClaimNumber);
  if (!claim) throw notFound('Claim');
  checkPayment(deps, input);
  const known = await repo.findSentItemIdsOfClaim(deps.db, claim.id, input.Settles);
  const unknown = input.Settles.findIndex((id) => !known.includes(id));
  if (unknown >= 0)
    throw unprocessable(`Settles.${unknown}`, 'No submission of this claim has this id (the SentItemId of its event)');

  const now = deps.clock.now();
  const values = {
    kind: input.Kind,
    description: input.Description,
    amount_cents: input.AmountCents,
    gst_cents: input.GstCents,
    taxable: (input.Taxable ?? input.Kind === 'income-support') ? 1 : 0,
    payment_date: input.PaymentDate,
    status: input.Status,
    upcoming: input.Status === 'scheduled' ? 1 : 0,
    paid_to_last3: input.PaidTo.Kind === 'account' ? input.PaidTo.AccountLast3 : null,
    paid_to_name: input.PaidTo.Kind === 'provider' ? input.PaidTo.Name : null,
    period_from: input.PeriodFrom ?? null,
    period_to: input.PeriodTo ?? null,
  };
  const settles = [...input.Settles].sort();
  let notified = false;
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const existing = await repo.findPaymentByReference(trx, claim.id, input.Reference);
      const before = existing ? (await repo.findSettles(trx, [existing.id])).map((s) => s.sent_item_id).sort() : [];
      if (existing) {
        const same =
          (Object.keys(values) as (keyof typeof values)[]).every(
            (k) => String(existing[k as keyof typeof existing]) === String(values[k]),
          ) && before.join() === settles.join();
        if (same) return;
        await repo.updatePayment(trx, existing.id, { ...values, updated_at: now });
        await repo.replaceSettles(trx, existing.id, settles);
      } else {
        const paymentId = newId();
        await repo.insertPayment(trx, {
          id: paymentId,
          claim_id: claim.id,
          reference: input.Reference,
          ...values,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceSettles(trx, paymentId, settles);
      }
      const becameNews = (input.Status === 'paid' || input.Status === 'returned') && existing?.status !== input.Status;
      if (becameNews) notified = await notifyOnce(deps, trx, claim.claimant_id, now, newsNotice(deps, 'payment-news'));
    })
    .catch((e: unknown) => {
      // Two first writes of one reference at once: the unique (claim, reference) stops the second.
      if (isUniqueViolation(e)) throw new ProviderError(409, 'Conflict', 'The payment was written meanwhile; retry');
      throw e;
    });
  if (notified) deps.notifier.wake();
  const row = await repo.findPaymentByReference(deps.db, claim.id, input.Reference);
  if (!row) throw new ProviderError(409, 'Conflict', 'The payment changed meanwhile; retry');
  return paymentView(row, claim.number, settles);
}

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/i.test(err.message ?? '');
}

/**
 * A burst of payments (a year's history loaded at once) tells the claimant once: a news notice
 * of the same kind still waiting to go out already says it.
 */
async function notifyOnce(
  deps: Deps,
  trx: Tx,
  claimantId: string,
  now: number,
  notice: { kind: string; subject: string; text: string },
): Promise<boolean> {
  const waiting = await trx
    .selectFrom('notifications')
    .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
    .select('notifications.id')
    .where('accounts.claimant_id', '=', claimantId)
    .where('notifications.kind', '=', notice.kind)
    .where('notifications.sent_at', 'is', null)
    .where('notifications.dead_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (waiting) return true;
  return notifyClaimant(deps, trx, claimantId, now, notice);
}

/** A page of a claim's payments for reconciliation, oldest payment date first. */
export async function listPayments(
  deps: Deps,
  query: {
    claim: string;
    from?: string | undefined;
    to?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const claim = await repo.findClaimByNumber(deps.db, query.claim);
  if (!claim) throw notFound('Claim');
  let after: { date: string; id: string } | null = null;
  if (query.cursor !== undefined) {
    const m = /^([0-9]{4}-[0-9]{2}-[0-9]{2})~([A-Za-z0-9_-]{1,64})$/.exec(query.cursor);
    if (!m)
      throw new ProviderError(400, 'Bad Request', 'The cursor is not one this API gave', [
        { path: 'cursor', message: 'Unknown cursor' },
      ]);
    after = { date: m[1] as string, id: m[2] as string };
  }
  const rows = await repo.listPaymentsAfter(
    deps.db,
    claim.id,
    { from: query.from ?? repo.ALL_DATES.from, to: query.to ?? repo.ALL_DATES.to },
    after,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const settles = await repo.findSettles(
    deps.db,
    page.map((p) => p.id),
  );
  const last = page[page.length - 1];
  return {
    Items: page.map((p) =>
      paymentView(
        p,
        claim.number,
        settles
          .filter((s) => s.payment_id === p.id)
          .map((s) => s.sent_item_id)
          .sort(),
      ),
    ),
    NextCursor: rows.length > query.limit && last ? `${last.payment_date}~${last.id}` : null,
  };
}
