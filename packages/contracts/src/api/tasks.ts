/**
 * What the claimant has to do on the selected claim: the claim home opens with these ("You have
 * something to do"), each with its date and one button. Today the only kind is a decision of the
 * claims system asking for more information that the claimant has not answered from the portal.
 */
import { z } from 'zod';
import { isoDate } from './common.ts';

export const CLAIM_TASK_KINDS = ['send-information'] as const;
/** At most this many are listed (soonest needed first); more would be a list nobody reads. */
export const CLAIM_TASKS_MAX = 20;

export const ClaimTask = z.object({
  Kind: z.enum(CLAIM_TASK_KINDS),
  /** The claimant's submission the task is about (its decision asks for more). */
  SentItemId: z.string(),
  /** That submission's kind (SentItemTypes: 'Reimbursement', 'Documents', …): which form answers. */
  Type: z.string(),
  Subject: z.string(),
  /** What is needed, in the claims system's words. */
  Needed: z.string(),
  /** The date it is needed by, as the claims system gave it. */
  NeededBy: isoDate.nullable(),
  /** The date it was asked for. */
  Asked: isoDate,
});
export type ClaimTask = z.infer<typeof ClaimTask>;

export const ClaimTasks = z.object({
  /** Soonest needed first; then the earliest asked. */
  Tasks: z.array(ClaimTask),
});
export type ClaimTasks = z.infer<typeof ClaimTasks>;
