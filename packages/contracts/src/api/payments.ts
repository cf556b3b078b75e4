/**
 * Payments and decisions, as the claims system records them through the provider API and the
 * claimant reads them: the payments of the selected claim (upcoming first, then history newest
 * first), each sent item's progress to its decision and payment, and the claim home's summary.
 * Money is integer cents everywhere; dates are 'yyyy-mm-dd' (Melbourne calendar dates).
 */
import { z } from 'zod';
import { isoDate, requestBody } from './common.ts';

export const PAYMENT_KINDS = ['income-support', 'reimbursement', 'paid-to-provider', 'lump-sum', 'other'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** What each kind is called on the Payments page, the statement and the CSV. */
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  'income-support': 'Weekly payment (income support)',
  reimbursement: 'Reimbursement to you',
  'paid-to-provider': 'Paid to a provider for you',
  'lump-sum': 'Lump sum',
  other: 'Other payment',
};

export const PAYMENT_STATUSES = ['scheduled', 'paid', 'cancelled', 'returned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  scheduled: 'Scheduled',
  paid: 'Paid',
  cancelled: 'Cancelled',
  returned: 'Returned by the bank',
};

/** Where a submission stands in the claims system, as it says (the provider's decision call). */
export const DECISION_OUTCOMES = [
  'received',
  'in-assessment',
  'more-information-needed',
  'approved',
  'partly-approved',
  'declined',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
/** The outcomes that are a decision (the claimant is told of these; the others are steps). */
export const DECIDING_OUTCOMES = [
  'more-information-needed',
  'approved',
  'partly-approved',
  'declined',
] as const satisfies readonly DecisionOutcome[];
export const DECISION_OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  received: 'Received',
  'in-assessment': 'In assessment',
  // The claimant's words for it (decision 034): it asks them to act.
  'more-information-needed': 'We need something from you',
  approved: 'Approved',
  'partly-approved': 'Partly approved',
  declined: 'Declined',
};

/** The steps of a sent item's progress, in order. */
export const PROGRESS_STEPS = ['Sent', 'Received', 'In assessment', 'Decision', 'Paid'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/**
 * A financial year is named by the year it starts in: 2025 is 1 July 2025 – 30 June 2026
 * (shown as 2025–26).
 */
export const financialYear = z.number().int().min(2000).max(2100);
export function financialYearRange(fy: number): { from: string; to: string } {
  return { from: `${fy}-07-01`, to: `${fy + 1}-06-30` };
}
export function financialYearLabel(fy: number): string {
  return `${fy}–${String((fy + 1) % 100).padStart(2, '0')}`;
}

const cents = z.number().int();

/** Who was paid: the claimant's account (its last 3 digits) or a provider by name. */
export const PaidTo = z.object({ AccountLast3: z.string().nullable(), Name: z.string().nullable() });

export const ClaimantPayment = z.object({
  PaymentId: z.string(),
  Date: isoDate,
  Kind: z.enum(PAYMENT_KINDS),
  /** What it was for, in the claims system's words ('' when it gave none: show the kind's label). */
  Description: z.string(),
  AmountCents: cents,
  /** The GST included in AmountCents (0 when none applies). */
  GstCents: cents,
  Taxable: z.boolean(),
  Status: z.enum(PAYMENT_STATUSES),
  PaidTo,
  /** The period a periodic payment covers. */
  PeriodFrom: isoDate.nullable(),
  PeriodTo: isoDate.nullable(),
  /** The sent items it settles (the claimant's own submissions of this claim). */
  Settles: z.array(z.object({ SentItemId: z.string(), Subject: z.string() })),
});
export type ClaimantPayment = z.infer<typeof ClaimantPayment>;

export const GetPaymentsRequest = requestBody({
  Offset: z.number().int().min(0).max(1_000_000),
  Amount: z.number().int().min(1).max(50),
  /** Only this financial year's payments (and its totals); all of them when absent. */
  FinancialYear: financialYear.optional(),
});
export const PaymentsPage = z.object({
  Start: z.number().int(),
  End: z.number().int(),
  Total: z.number().int(),
  /** How many of Total are upcoming (scheduled): they come first, soonest first; the rest newest first. */
  Upcoming: z.number().int(),
  Items: z.array(ClaimantPayment),
  /** The financial years the claim has payments in, newest first (the filter's choices). */
  FinancialYears: z.array(z.number().int()),
  /** With a FinancialYear: what was paid in it (status paid only), and the taxable part. */
  YearTotals: z
    .object({ FinancialYear: z.number().int(), TotalCents: cents, TaxableCents: cents, GstCents: cents })
    .nullable(),
});
export type PaymentsPage = z.infer<typeof PaymentsPage>;

export const SentItemProgressRequest = requestBody({ SentItemId: z.string().min(1).max(64) });
export const DecisionLine = z.object({
  /** 1 is the first receipt of the reimbursement as sent. */
  Line: z.number().int(),
  /** The receipt as the claimant described it ('' when the line is not one of theirs). */
  Description: z.string(),
  ClaimedCents: cents.nullable(),
  ApprovedCents: cents,
  Reason: z.string(),
});
export const SentItemDecision = z.object({
  Outcome: z.enum(DECIDING_OUTCOMES),
  Date: isoDate,
  /** In plain words: why (declined, partly approved) or any note. */
  Reason: z.string(),
  /** More information needed: what, and by when. */
  Needed: z.string(),
  NeededBy: isoDate.nullable(),
  /** Declined: how to ask for a review. */
  Review: z.string(),
  /** Declined: the last day to ask for a review, as the claims system gave it (null when it gave none). */
  ReviewBy: isoDate.nullable(),
  /** More information needed: the day the claimant sent an answer from the portal (after it was asked), or null. */
  AnsweredOn: isoDate.nullable(),
  /** Partly approved (or approved line by line): each receipt line's outcome. */
  Lines: z.array(DecisionLine),
  /** The decision letter: download it with downloadFile (Identifier = this id). */
  Letter: z.object({ FileId: z.string(), Filename: z.string() }).nullable(),
});
export const SentItemProgress = z.object({
  SentItemId: z.string(),
  /** The sent item's kind (SentItemTypes: 'Reimbursement', 'Documents', 'Enquiry', …). */
  Type: z.string(),
  Subject: z.string(),
  /** Sent → Received → In assessment → Decision → Paid; Date null while a step has not happened. */
  Steps: z.array(z.object({ Step: z.enum(PROGRESS_STEPS), Date: isoDate.nullable(), Done: z.boolean() })),
  /** The latest decision, or null before one. */
  Decision: SentItemDecision.nullable(),
  /** The payments that settle it. */
  Payments: z.array(
    z.object({ PaymentId: z.string(), Date: isoDate, AmountCents: cents, Status: z.enum(PAYMENT_STATUSES) }),
  ),
});
export type SentItemProgress = z.infer<typeof SentItemProgress>;

export const PaymentsSummary = z.object({
  /** The soonest scheduled payment (today or later), or null. */
  NextPayment: z
    .object({ PaymentId: z.string(), Date: isoDate, AmountCents: cents, Kind: z.enum(PAYMENT_KINDS) })
    .nullable(),
  /** Decisions dated within the last 30 days, newest first (at most 5). */
  RecentDecisions: z.array(
    z.object({
      SentItemId: z.string(),
      Subject: z.string(),
      Outcome: z.enum(DECIDING_OUTCOMES),
      Date: isoDate,
    }),
  ),
});
export type PaymentsSummary = z.infer<typeof PaymentsSummary>;

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export const PaymentStatementRequest = requestBody({
  FinancialYear: financialYear,
  Format: z.enum(STATEMENT_FORMATS),
});
/** The body is the statement's bytes (application/pdf or text/csv), as an attachment. */
export const PaymentStatementResponse = z.unknown();
