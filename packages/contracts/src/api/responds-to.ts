import { z } from 'zod';

/**
 * On Send documents and Claim reimbursement: the SentItemId of the claimant's own submission (of
 * the selected claim) this one answers — the "more information needed" button of a decision
 * pre-links it. The claims system receives it in the event as RespondsTo; another claimant's id,
 * or one of another claim, is "not found".
 */
export const respondsTo = z.string().min(1).max(64).optional();
