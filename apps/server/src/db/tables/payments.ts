/**
 * Payments and decisions the claims system records through the provider API (migration 0019).
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

export type PaymentTable = {
  id: string;
  claim_id: string;
  /** The claims system's reference, unique within the claim. */
  reference: string;
  kind: 'income-support' | 'reimbursement' | 'paid-to-provider' | 'lump-sum' | 'other';
  description: string;
  amount_cents: number;
  /** The GST included in amount_cents. */
  gst_cents: number;
  taxable: number;
  /** 'yyyy-mm-dd' */
  payment_date: string;
  status: 'scheduled' | 'paid' | 'cancelled' | 'returned';
  /** 1 while scheduled: leads the page index (upcoming first). */
  upcoming: number;
  /** The claimant's account's last 3 digits, or else the provider paid. */
  paid_to_last3: string | null;
  paid_to_name: string | null;
  period_from: string | null;
  period_to: string | null;
  created_at: number;
  updated_at: number;
};

export type PaymentSettlesTable = {
  payment_id: string;
  sent_item_id: string;
};

export type DecisionTable = {
  id: string;
  sent_item_id: string;
  claim_id: string;
  outcome: 'received' | 'in-assessment' | 'more-information-needed' | 'approved' | 'partly-approved' | 'declined';
  /** 'yyyy-mm-dd' */
  decided_on: string;
  reason: string;
  needed: string;
  needed_by: string | null;
  review: string;
  /** Declined: the last day to ask for a review, when the claims system gave one ('yyyy-mm-dd'; migration 0022). */
  review_by: string | null;
  /** JSON: [{ Line, ApprovedCents, Reason }] */
  lines: string;
  letter_file_id: string | null;
  created_at: number;
  updated_at: number;
};
