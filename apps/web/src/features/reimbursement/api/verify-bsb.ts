/**
 * POST /api/account/verifybsb (spec 000 §4, §7): the bank of the BSB someone else is to be paid
 * into, sent as 'nnn-nnn'. Spec 000 §8: a failed call or an empty name marks the BSB invalid, so
 * this answers '' instead of throwing (and never alerts). A caller's cancellation still rejects.
 * (The account feature has the same call for the claimant's own details; features do not share.)
 */
import { ENDPOINTS, type VerifyBsbResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export async function lookupBankName(bsb: string, signal?: AbortSignal): Promise<string> {
  try {
    const answer = await request<z.infer<typeof VerifyBsbResponse>>(ENDPOINTS.verifyBsb, { Bsb: bsb }, { silent: true, ...(signal ? { signal } : {}) });
    return answer.BankName.trim();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return '';
  }
}
