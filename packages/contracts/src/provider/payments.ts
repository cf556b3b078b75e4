/**
 * Payments and decisions as the claims system records them: a claim's payments, upserted by the
 * claims system's own reference (unique per claim), and the outcome of each submission the
 * portal delivered (by the SentItemId its webhook event carried), with an optional PDF letter.
 */
import { z } from 'zod';
import { isoDate } from '../api/common.ts';
import { DECISION_OUTCOMES, PAYMENT_KINDS, PAYMENT_STATUSES } from '../api/payments.ts';
import { providerClaimNumber as claimNumber } from './records.ts';

/** A payment's reference in the claims system: unique within its claim. */
export const paymentReference = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits, dot, colon, dash, underscore; at most 64');
/** At most 1 000 000 000 cents ($10 million), so every total of a year stays an exact integer. */
const MAX_PAYMENT_CENTS = 1_000_000_000;
const cents = z.number().int().min(0).max(MAX_PAYMENT_CENTS);

export const ProviderPaidTo = z.discriminatedUnion('Kind', [
  /** The claimant's own account: only its last 3 digits ever reach the portal. */
  z.strictObject({ Kind: z.literal('account'), AccountLast3: z.string().regex(/^[0-9]{3}$/, 'three digits') }),
  z.strictObject({ Kind: z.literal('provider'), Name: z.string().trim().min(1).max(100) }),
]);

export const UpsertPaymentRequest = z.strictObject({
  ClaimNumber: claimNumber,
  Reference: paymentReference,
  Kind: z.enum(PAYMENT_KINDS),
  /** What it is for, shown to the claimant (no more than they need: it is on their statement). */
  Description: z.string().trim().max(200).default(''),
  /** The whole amount, in cents; never negative (a returned payment is a status, not a negative amount). */
  AmountCents: cents,
  /** The GST included in AmountCents, in cents; at most AmountCents. */
  GstCents: cents.default(0),
  /** Whether it is taxable income; by default income support is and everything else is not. */
  Taxable: z.boolean().optional(),
  /** The date it is (or was) paid; at most 2 years ahead. */
  PaymentDate: isoDate,
  Status: z.enum(PAYMENT_STATUSES),
  PaidTo: ProviderPaidTo,
  /** The period a periodic payment covers (both or neither; From ≤ To). */
  PeriodFrom: isoDate.optional(),
  PeriodTo: isoDate.optional(),
  /** The submissions it settles: the SentItemIds of this claim's webhook events. */
  Settles: z.array(z.string().min(1).max(64)).max(100).default([]),
});

export const ProviderPayment = z.object({
  PaymentId: z.string(),
  ClaimNumber: z.string(),
  Reference: z.string(),
  Kind: z.enum(PAYMENT_KINDS),
  Description: z.string(),
  AmountCents: z.number().int(),
  GstCents: z.number().int(),
  Taxable: z.boolean(),
  PaymentDate: isoDate,
  Status: z.enum(PAYMENT_STATUSES),
  PaidTo: z.union([
    z.object({ Kind: z.literal('account'), AccountLast3: z.string() }),
    z.object({ Kind: z.literal('provider'), Name: z.string() }),
  ]),
  PeriodFrom: isoDate.nullable(),
  PeriodTo: isoDate.nullable(),
  Settles: z.array(z.string()),
  UpdatedAt: z.string(),
});

export const PaymentsQuery = z.strictObject({
  claim: claimNumber,
  /** Payment dates from / to (inclusive). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The NextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
/** Oldest payment date first (then by PaymentId): a stable order to reconcile by. */
export const PaymentList = z.object({ Items: z.array(ProviderPayment), NextCursor: z.string().nullable() });

export const DecisionParams = z.strictObject({ id: z.string().min(1).max(64) });
export const SetDecisionRequest = z.strictObject({
  /** The claim the submission belongs to: a submission of another claim is not found. */
  ClaimNumber: claimNumber,
  Outcome: z.enum(DECISION_OUTCOMES),
  /** The date of this outcome (not in the future). */
  Date: isoDate,
  /** In plain words: required when declined or partly approved. */
  Reason: z.string().trim().max(2_000).default(''),
  /** More information needed: what is needed (required) and by when (required). */
  Needed: z.string().trim().max(2_000).default(''),
  NeededBy: isoDate.optional(),
  /** Declined: how to ask for a review (required). */
  Review: z.string().trim().max(1_000).default(''),
  /**
   * Declined: the last day the claimant can ask for a review (optional; on or after Date). Without
   * it the portal shows no date: it says the letter or a call to us gives the last day.
   */
  ReviewBy: isoDate.optional(),
  /** Partly approved (required) or approved: each receipt line of the reimbursement, 1 = its first receipt. */
  Lines: z
    .array(
      z.strictObject({
        Line: z.number().int().min(1).max(100),
        ApprovedCents: cents,
        Reason: z.string().trim().max(500).default(''),
      }),
    )
    .max(100)
    .default([]),
  /** The decision letter: one PDF, base64, at most 10 MB (content-checked like inbox attachments). */
  Letter: z
    .strictObject({
      Filename: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .regex(/\.pdf$/i, 'a .pdf file'),
      ContentBase64: z.base64().max(14_000_000),
    })
    .optional(),
});
export const DecisionResponse = z.object({
  SentItemId: z.string(),
  Outcome: z.enum(DECISION_OUTCOMES),
  Date: isoDate,
  LetterFileId: z.string().nullable(),
  /** Whether the claimant is told (e-mail/SMS by their preferences; decisions only, not steps). */
  Notified: z.boolean(),
});
