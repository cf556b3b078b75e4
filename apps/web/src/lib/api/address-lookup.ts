/**
 * GET /api/addresslookup/AddressLookup?query={text}&isHomeAddress={bool} (spec 000 §7): address
 * suggestions for a typed text. spec 000 §8: "Address lookup failure: empty results" — so this
 * never throws except when the caller cancels it (a newer search replaced it).
 */
import { ENDPOINTS, type AddressSuggestion } from '@portal/contracts';
import { request } from '../request.ts';

export async function lookupAddresses(
  query: string,
  isHomeAddress: boolean,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const text = query.trim().slice(0, 200);
  if (!text) return [];
  const params = new URLSearchParams({ query: text, isHomeAddress: String(isHomeAddress) });
  const endpoint = { ...ENDPOINTS.addressLookup, path: `${ENDPOINTS.addressLookup.path}?${params.toString()}` };
  try {
    return await request<AddressSuggestion[]>(endpoint, {}, { silent: true, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}
