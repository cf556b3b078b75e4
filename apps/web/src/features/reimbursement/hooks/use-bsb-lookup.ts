/**
 * The look-up of the BSB someone else is paid into (spec 000 §4: on blur; §8: a failure or an
 * empty name marks it invalid). A newer look-up replaces one still in flight.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { lookupBankName } from '../../../lib/api/verify-bsb.ts';
import type { BsbLookup } from '../lib/claim.ts';

export const BSB_FORMAT = /^[0-9]{3}-[0-9]{3}$/;

export function useBsbLookup() {
  const [bsbLookup, setBsbLookup] = useState<BsbLookup | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Looks up 'nnn-nnn' (anything else clears the answer); null when replaced by a newer look-up. */
  const lookUp = useCallback(async (value: string): Promise<BsbLookup | null> => {
    controller.current?.abort();
    if (!BSB_FORMAT.test(value)) {
      setBsbLookup(null);
      return null;
    }
    const current = new AbortController();
    controller.current = current;
    setBsbLookup({ bsb: value, state: 'checking' });
    try {
      const bankName = await lookupBankName(value, current.signal);
      const answer: BsbLookup = bankName ? { bsb: value, state: 'found', bankName } : { bsb: value, state: 'invalid' };
      setBsbLookup(answer);
      return answer;
    } catch {
      return null; // replaced by a newer look-up
    }
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  return { bsbLookup, lookUp };
}
