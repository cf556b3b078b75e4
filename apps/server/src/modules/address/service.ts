/**
 * Address search for the address pickers (spec 000 §5: search starts on any non-empty text).
 * Every typed word must begin a word of the address. A home address may not be a delivery
 * address (GPO/PO box); for a postal address, a typed box address is offered as typed, since
 * boxes are not in G-NAF.
 */
import { isDeliveryAddress, type AddressSuggestion } from '@portal/contracts';
import { searchText } from '../../db/import/gnaf-core.ts';
import type { AddressSearch } from './search.ts';

const MAX_SUGGESTIONS = 10;

export async function findAddressSuggestions(
  search: AddressSearch,
  query: string,
  isHomeAddress: boolean,
): Promise<AddressSuggestion[]> {
  const words = searchText(query).trim().split(' ').filter(Boolean).slice(0, 8);
  const typedBox =
    !isHomeAddress && isDeliveryAddress(query)
      ? [
          {
            Moniker: 'typed',
            PartialAddress: query.trim().toUpperCase(),
            Picklist: query.trim().toUpperCase(),
            Postcode: /\b(\d{4})\s*$/.exec(query)?.[1] ?? '',
            Score: 100,
          },
        ]
      : [];
  if (words.length === 0) return typedBox;
  const found = (await search.suggest(words, MAX_SUGGESTIONS)).filter(
    (s) => !(isHomeAddress && isDeliveryAddress(s.PartialAddress)),
  );
  return [...typedBox, ...found];
}
