/**
 * The address search adapter (account issue). The portal asks one function for suggestions; the
 * default answers from the local G-NAF index in the database. A deployment that licenses a
 * commercial address service implements this type (its suggest() maps that service's answer to
 * Moniker, PartialAddress, Picklist, Postcode, Score) and passes it to buildApp as addressSearch;
 * the delivery-address rule for home addresses stays in the service below, whatever the source.
 */
import type { AddressSuggestion } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { searchLocalIndex } from './repository.ts';

export type AddressSearch = {
  suggest: (words: string[], limit: number) => Promise<AddressSuggestion[]>;
};

export function localAddressSearch(db: Db): AddressSearch {
  return {
    async suggest(words, limit) {
      const rows = await searchLocalIndex(db, words, limit);
      return rows.map((r, i) => ({
        Moniker: r.id,
        PartialAddress: r.label,
        Picklist: r.label,
        Postcode: r.postcode,
        Score: 100 - i,
      }));
    },
  };
}
