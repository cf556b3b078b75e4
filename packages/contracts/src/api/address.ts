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

/** The states and territories, as G-NAF and Australia Post abbreviate them. */
export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

/** Messages of an address entered by hand, each naming its part and saying what to do. */
export const ENTERED_ADDRESS_MESSAGES = {
  street: 'Enter the street address, for example 12 Smith Street or Unit 2, 5 High Road',
  suburb: 'Enter the suburb or town',
  state: 'Choose the state or territory',
  postcode: 'Enter the 4-digit postcode',
  /** The suburb, state and postcode are not together in the localities list. */
  notALocality: 'Check the suburb and postcode: we cannot find {locality}',
} as const;

/**
 * An address the claimant entered by hand because the address index did not suggest it (issue
 * 18). It is not verified: the suburb, state and postcode are checked against the localities the
 * server holds, and the claims system is told the address was not found in the index.
 */
export const EnteredAddress = z.strictObject({
  Street: z.string().trim().min(1, ENTERED_ADDRESS_MESSAGES.street).max(150, ENTERED_ADDRESS_MESSAGES.street),
  Suburb: z
    .string()
    .trim()
    .min(1, ENTERED_ADDRESS_MESSAGES.suburb)
    .max(60, ENTERED_ADDRESS_MESSAGES.suburb)
    .regex(/^[A-Za-z][A-Za-z' .-]*$/, ENTERED_ADDRESS_MESSAGES.suburb),
  State: z.enum(AUSTRALIAN_STATES, { error: ENTERED_ADDRESS_MESSAGES.state }),
  Postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, ENTERED_ADDRESS_MESSAGES.postcode),
});
export type EnteredAddress = z.infer<typeof EnteredAddress>;

/** A suburb or town as G-NAF and the localities list write it: 'Glen  iris ' → 'GLEN IRIS'. */
export function localityName(suburb: string): string {
  return suburb.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The locality part of an entered address as G-NAF writes it: 'GLEN IRIS VIC 3146'. */
export function enteredLocality(a: Pick<EnteredAddress, 'Suburb' | 'State' | 'Postcode'>): string {
  return `${localityName(a.Suburb)} ${a.State} ${a.Postcode.trim()}`;
}

/** The one-line form of an entered address, as the index's labels read: '12 SMITH STREET, GLEN IRIS VIC 3146'. */
export function enteredAddressLine(a: EnteredAddress): string {
  return `${a.Street.trim().replace(/\s+/g, ' ').toUpperCase()}, ${enteredLocality(a)}`;
}
