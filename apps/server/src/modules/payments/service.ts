/**
 * What the claimant reads of their payments and decisions, always of the selected claim (checked
 * to be theirs when it was selected) and of their own submissions: another claimant's ids answer
 * "not found".
 */
import {
  DECIDING_OUTCOMES,
  ErrorNumber,
  PROGRESS_STEPS,
  financialYearOf,
  financialYearRange,
  isoToday,
  type DecisionOutcome,
  type ProgressStep,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { localDateTime } from '../../lib/time.ts';
import type { AuthContext } from '../session/service.ts';
import { answersTo, latestDecision, subjectOf } from './claimant-decisions.ts';
import { receiptsOf } from './decision-provider.ts';
import * as decisionsRepo from './decisions-repository.ts';
import * as repo from './repository.ts';

/** How far back the claim home's panel looks for decisions. */
const RECENT_DECISION_DAYS = 30;
const RECENT_DECISIONS_MAX = 5;

function claimantPayment(
  p: repo.PaymentRow,
  settles: { sent_item_id: string; subject_main: string; subject_other: string }[],
) {
  return {
    PaymentId: p.id,
    Date: p.payment_date,
    Kind: p.kind,
    Description: p.description,
    AmountCents: Number(p.amount_cents),
    GstCents: Number(p.gst_cents),
    Taxable: p.taxable === 1,
    Status: p.status,
    PaidTo: { AccountLast3: p.paid_to_last3, Name: p.paid_to_name },
    PeriodFrom: p.period_from,
    PeriodTo: p.period_to,
    Settles: settles.map((s) => ({ SentItemId: s.sent_item_id, Subject: subjectOf(s) })),
  };
}

/** The financial years from the first payment's to the last's, newest first. */
function yearsBetween(bounds: { first: string; last: string } | null): number[] {
  if (!bounds) return [];
  const years: number[] = [];
  for (let fy = financialYearOf(bounds.last); fy >= financialYearOf(bounds.first); fy--) years.push(fy);
  return years;
}

/**
 * A page of the claim's payments: the upcoming run (soonest first), then the history (newest
 * first), each read from its own ordered range of the page index.
 */
export async function findPaymentsPage(
  deps: Deps,
  claimId: string,
  input: { offset: number; amount: number; financialYear: number | undefined },
) {
  const range = input.financialYear === undefined ? repo.ALL_DATES : financialYearRange(input.financialYear);
  const [upcoming, history, bounds, totals] = await Promise.all([
    repo.countPayments(deps.db, claimId, true, range),
    repo.countPayments(deps.db, claimId, false, range),
    repo.paymentDateBounds(deps.db, claimId),
    input.financialYear === undefined ? null : repo.sumPaid(deps.db, claimId, range),
  ]);
  const { offset, amount } = input;
  const fromUpcoming =
    offset < upcoming
      ? await repo.listUpcoming(deps.db, claimId, range, Math.min(amount, upcoming - offset), offset)
      : [];
  const left = amount - fromUpcoming.length;
  const fromHistory =
    left > 0 ? await repo.listHistory(deps.db, claimId, range, left, Math.max(0, offset - upcoming)) : [];
  const rows = [...fromUpcoming, ...fromHistory];
  const settles = await repo.findSettles(
    deps.db,
    rows.map((r) => r.id),
  );
  const total = upcoming + history;
  return {
    Start: Math.min(offset, total),
    End: Math.min(offset + rows.length, total),
    Total: total,
    Upcoming: upcoming,
    Items: rows.map((r) =>
      claimantPayment(
        r,
        settles.filter((s) => s.payment_id === r.id),
      ),
    ),
    FinancialYears: yearsBetween(bounds),
    YearTotals:
      input.financialYear === undefined || !totals
        ? null
        : {
            FinancialYear: input.financialYear,
            TotalCents: totals.total,
            TaxableCents: totals.taxable,
            GstCents: totals.gst,
          },
  };
}

function daysBefore(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export async function findPaymentsSummary(deps: Deps, auth: AuthContext, claimId: string) {
  const today = isoToday(new Date(deps.clock.now()));
  const [next, decisions] = await Promise.all([
    repo.findNextScheduled(deps.db, claimId, today),
    decisionsRepo.findRecentDecisions(
      deps.db,
      auth.accountId,
      claimId,
      DECIDING_OUTCOMES,
      daysBefore(today, RECENT_DECISION_DAYS),
      RECENT_DECISIONS_MAX,
    ),
  ]);
  return {
    NextPayment: next
      ? { PaymentId: next.id, Date: next.payment_date, AmountCents: Number(next.amount_cents), Kind: next.kind }
      : null,
    RecentDecisions: decisions.map((d) => ({
      SentItemId: d.sent_item_id,
      Subject: subjectOf(d),
      Outcome: d.outcome as (typeof DECIDING_OUTCOMES)[number],
      Date: d.decided_on,
    })),
  };
}

const FINAL: readonly DecisionOutcome[] = ['approved', 'partly-approved', 'declined'];

/** Sent → Received → In assessment → Decision → Paid, with the decision and the payments that settle it. */
export async function findSentItemProgress(deps: Deps, auth: AuthContext, claimId: string, sentItemId: string) {
  const item = await decisionsRepo.findOwnSentItem(deps.db, auth.accountId, claimId, sentItemId);
  if (!item) throw new AppError(ErrorNumber.NotFound);
  const [decisions, payments] = await Promise.all([
    decisionsRepo.findDecisionsOf(deps.db, item.id),
    repo.findPaymentsSettling(deps.db, item.id),
  ]);
  const byOutcome = (o: DecisionOutcome) => decisions.find((d) => d.outcome === o);
  const latest = latestDecision(decisions);
  const earliest = decisions.map((d) => d.decided_on).sort()[0] ?? null;
  const paid = payments.filter((p) => p.status === 'paid');
  const final = latest !== undefined && FINAL.includes(latest.outcome);
  const dates: Record<ProgressStep, { date: string | null; done: boolean }> = {
    Sent: { date: localDateTime(Number(item.created_at)).date, done: true },
    Received: { date: byOutcome('received')?.decided_on ?? earliest, done: decisions.length > 0 },
    'In assessment': {
      date: byOutcome('in-assessment')?.decided_on ?? null,
      done: decisions.some((d) => d.outcome !== 'received'),
    },
    Decision: { date: final ? latest.decided_on : null, done: final },
    Paid: { date: paid[paid.length - 1]?.payment_date ?? null, done: paid.length > 0 },
  };

  let decision = null;
  if (latest) {
    const lines = JSON.parse(latest.lines) as { Line: number; ApprovedCents: number; Reason: string }[];
    const receipts = lines.length ? receiptsOf(await decisionsRepo.findFormData(deps.db, item.form_id)) : [];
    const letterName = latest.letter_file_id
      ? await decisionsRepo.findFileName(deps.db, latest.letter_file_id)
      : undefined;
    const answers =
      latest.outcome === 'more-information-needed'
        ? await answersTo(deps, auth.accountId, claimId, [{ sentItemId: item.id, asked: latest.decided_on }])
        : undefined;
    decision = {
      Outcome: latest.outcome,
      Date: latest.decided_on,
      Reason: latest.reason,
      Needed: latest.needed,
      NeededBy: latest.needed_by,
      Review: latest.review,
      ReviewBy: latest.outcome === 'declined' ? latest.review_by : null,
      AnsweredOn: answers?.get(item.id) ?? null,
      Lines: lines
        .map((l) => ({
          Line: l.Line,
          Description: receipts[l.Line - 1]?.description ?? '',
          ClaimedCents: receipts[l.Line - 1]?.cents ?? null,
          ApprovedCents: l.ApprovedCents,
          Reason: l.Reason,
        }))
        .sort((a, b) => a.Line - b.Line),
      Letter:
        latest.letter_file_id && letterName !== undefined
          ? { FileId: latest.letter_file_id, Filename: letterName }
          : null,
    };
  }
  return {
    SentItemId: item.id,
    Type: item.type_item,
    Subject: subjectOf(item),
    Steps: PROGRESS_STEPS.map((step) => ({ Step: step, Date: dates[step].date, Done: dates[step].done })),
    Decision: decision,
    Payments: payments.map((p) => ({
      PaymentId: p.id,
      Date: p.payment_date,
      AmountCents: Number(p.amount_cents),
      Status: p.status,
    })),
  };
}
