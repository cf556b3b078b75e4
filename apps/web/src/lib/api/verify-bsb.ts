/**
 * POST /api/account/verifybsb (spec 000 §4 "Bank details edit", §7): the bank of a BSB — the
 * claimant's own (My Details) or someone else's (a reimbursement). Sent as 'nnn-nnn'. Spec 000
 * §8: a failed call or an empty name marks the BSB invalid, so this answers '' instead of
 * throwing (and never alerts). A caller's cancellation still rejects.
 */
import { call } from '../call.ts';

/** '063000' or '063-000' → '063-000'; anything else unchanged. */
export function formatBsb(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^[0-9]{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : value;
}

export async function lookupBankName(bsb: string, signal?: AbortSignal): Promise<string> {
  try {
    const answer = await call('verifyBsb', { Bsb: formatBsb(bsb) }, { silent: true, ...(signal ? { signal } : {}) });
    return answer.BankName.trim();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return '';
  }
}
