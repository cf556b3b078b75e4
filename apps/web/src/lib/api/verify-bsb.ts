/**
 * POST /api/account/verifybsb (spec 000 §4 "Bank details edit", §7): the bank of a BSB — the
 * claimant's own (My Details) or someone else's (a reimbursement). Sent as 'nnn-nnn'. Spec 000
 * §8: a failed call or an empty name marks the BSB invalid, so this answers '' instead of
 * throwing (and never alerts). A caller's cancellation still rejects.
 *
 * `useBsbLookup` is the one look-up of a form (My Details' bank details, a reimbursement's payee):
 * the BSB as typed, tidied to 'nnn-nnn'; a newer look-up replaces one still in flight, and one in
 * flight is dropped when the form goes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../request/call.ts';

/** A BSB as the forms show and send it. */
export const BSB_FORMAT = /^[0-9]{3}-[0-9]{3}$/;

/** The look-up of one BSB ('nnn-nnn'): in flight, answered with a bank, or not a bank. */
export type BsbLookup =
  | { bsb: string; state: 'checking' }
  | { bsb: string; state: 'found'; bankName: string }
  | { bsb: string; state: 'invalid' };

/** '063000' or '063-000' → '063-000'; anything else unchanged. */
export function formatBsb(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^[0-9]{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : value;
}

async function lookupBankName(bsb: string, signal?: AbortSignal): Promise<string> {
  try {
    const answer = await call('verifyBsb', { Bsb: formatBsb(bsb) }, { silent: true, ...(signal ? { signal } : {}) });
    return answer.BankName.trim();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return '';
  }
}

export function useBsbLookup() {
  const [bsbLookup, setBsbLookup] = useState<BsbLookup | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  /** Looks up a BSB as typed ('063000', ' 063-000'); anything else clears the answer. Null when replaced. */
  const lookUp = useCallback(async (value: string): Promise<BsbLookup | null> => {
    inFlight.current?.abort();
    const bsb = formatBsb(value.trim());
    if (!BSB_FORMAT.test(bsb)) {
      setBsbLookup(null);
      return null;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setBsbLookup({ bsb, state: 'checking' });
    try {
      const bankName = await lookupBankName(bsb, controller.signal);
      const answer: BsbLookup = bankName ? { bsb, state: 'found', bankName } : { bsb, state: 'invalid' };
      setBsbLookup(answer);
      return answer;
    } catch {
      return null; // replaced by a newer look-up
    }
  }, []);

  useEffect(() => () => inFlight.current?.abort(), []);

  return { bsbLookup, lookUp };
}
