/** Address search (spec 000 §3 "Address suggestion", §7 GET /api/addresslookup/AddressLookup). */
import { z } from 'zod';

export const AddressLookupQuery = z.strictObject({
  query: z.string().trim().min(1).max(200),
  isHomeAddress: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const AddressSuggestion = z.object({
  /** Opaque id of the address in the index. */
  Moniker: z.string(),
  /** The full address line, e.g. 'UNIT 2, 159 TOORONGA ROAD, GLEN IRIS VIC 3146'. */
  PartialAddress: z.string(),
  Picklist: z.string(),
  Postcode: z.string(),
  Score: z.number(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
export const AddressSuggestions = z.array(AddressSuggestion);
