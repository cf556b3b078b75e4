import { ClaimTasks } from '../tasks.ts';
import { EmptyRequest } from '../common.ts';
import {
  GetPaymentsRequest,
  PaymentStatementRequest,
  PaymentStatementResponse,
  PaymentsPage,
  PaymentsSummary,
  SentItemProgress,
  SentItemProgressRequest,
} from '../payments.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/** Payments of the selected claim, the progress of what the claimant sent, the year's statement and what the claimant has to do. */
export const PAYMENT_ENDPOINTS = {
  getPayments: post(
    ROUTES.getPayments,
    GetPaymentsRequest,
    PaymentsPage,
    "A page of the selected claim's payments: upcoming first (soonest first), then history newest first; optionally one financial year, with its totals",
  ),
  getSentItemProgress: post(
    ROUTES.getSentItemProgress,
    SentItemProgressRequest,
    SentItemProgress,
    "Where one of the claimant's sent items stands: Sent, Received, In assessment, Decision, Paid; the decision and the payments that settle it",
  ),
  getPaymentsSummary: post(
    ROUTES.getPaymentsSummary,
    EmptyRequest,
    PaymentsSummary,
    "The claim home's panel: the next scheduled payment and the decisions of the last 30 days",
  ),
  getPaymentStatement: post(
    ROUTES.getPaymentStatement,
    PaymentStatementRequest,
    PaymentStatementResponse,
    'The payments statement of a financial year, as a PDF or a CSV attachment (streamed; Content-Disposition, nosniff)',
  ),
  getClaimTasks: post(
    ROUTES.getClaimTasks,
    EmptyRequest,
    ClaimTasks,
    "What the claimant has to do on the selected claim (the claim home's first lines): " +
      'each decision asking for more information not yet answered from the portal, soonest needed first',
  ),
} satisfies AreaTable<'payments'>;
