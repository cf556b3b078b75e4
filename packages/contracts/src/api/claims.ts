import { z } from 'zod';
import { claimNumber } from '../fields.ts';
import { isoDate, requestBody } from './common.ts';

export const Claim = z.object({
  Number: claimNumber,
  Date: isoDate,
  Location: z.string().nullable(),
  /** True for the claim selected in this session (server-side; an addition to spec 000 §3). */
  Selected: z.boolean(),
  /** Present on a claim the signed-in person helps with (decision 041): whose it is, and the scope given. */
  Helping: z
    .object({ HelperId: z.string(), ClaimantName: z.string(), Scope: z.enum(['View', 'Send', 'Act']) })
    .optional(),
});
export type Claim = z.infer<typeof Claim>;
export const ClaimList = z.array(Claim);

/** The claim object, as the spec's selectclaim sends it; Number identifies it. */
export const SelectClaimRequest = requestBody({
  Number: claimNumber,
  Date: z.string().optional(),
  Location: z.string().nullable().optional(),
  Selected: z.boolean().optional(),
});
