/**
 * POST /api/account/verifybsb (spec 000 §4 "Bank details edit", §7): the bank of a BSB, sent as
 * 'nnn-nnn'. Spec 000 §8: a failed call or an empty name marks the BSB invalid, so this answers
 * '' instead of throwing (and never alerts). A caller's cancellation still rejects.
 */
import { ENDPOINTS, type VerifyBsbResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';
import { formatBsb } from '../rules.ts';

export async function lookupBankName(bsb: string, signal?: AbortSignal): Promise<string> {
  try {
    const answer = await request<z.infer<typeof VerifyBsbResponse>>(ENDPOINTS.verifyBsb, { Bsb: formatBsb(bsb) }, { silent: true, ...(signal ? { signal } : {}) });
    return answer.BankName.trim();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return '';
  }
}
