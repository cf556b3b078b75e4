/**
 * GET /api/addresslookup/AddressLookup?query={text}&isHomeAddress={bool} (spec 000 §7): address
 * suggestions for a typed text. spec 000 §8: "Address lookup failure: empty results" — so this
 * never throws except when the caller cancels it (a newer search replaced it).
 */
import type { AddressSuggestion } from '@portal/contracts';
import { call } from '../request/call.ts';

export async function lookupAddresses(
  query: string,
  isHomeAddress: boolean,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const text = query.trim().slice(0, 200);
  if (!text) return [];
  try {
    return await call(
      'addressLookup',
      {},
      {
        query: { query: text, isHomeAddress: isHomeAddress ? 'true' : 'false' },
        silent: true,
        ...(signal ? { signal } : {}),
      },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}
