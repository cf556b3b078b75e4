/**
 * Addresses that are not in the index. A claimant whose address is not suggested enters
 * it by hand: the street, the suburb, the state and the postcode. The suburb, state and postcode
 * must be one locality of the localities list (`localities`: every Australian locality with its
 * postcode, from apps/server/data/localities-au.csv); the street cannot be checked, so the address
 * is marked as not verified, and the claims system is told so with it.
 *
 * A chosen suggestion is verified only when its moniker is an address of the index with that very
 * text: a client cannot mark free text as verified.
 */
import {
  ENTERED_ADDRESS_MESSAGES,
  enteredAddressLine,
  enteredLocality,
  fillMessage,
  localityName,
  type EnteredAddress,
} from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

/** Whether the suburb, state and postcode are one locality of the localities list (`localities`). */
export async function isKnownLocality(db: Db, entered: Pick<EnteredAddress, 'Suburb' | 'State' | 'Postcode'>) {
  const row = await db
    .selectFrom('localities')
    .select('postcode')
    .where('postcode', '=', entered.Postcode.trim())
    .where('state', '=', entered.State)
    .where('locality', '=', localityName(entered.Suburb))
    .executeTakeFirst();
  return row !== undefined;
}

export type CheckedAddress = {
  /** The address as one line: the suggestion's text, or the entered parts written as the index writes them. */
  line: string;
  /** True only for an address of the index, chosen from its suggestions. */
  verified: boolean;
  entered: EnteredAddress | undefined;
};

/**
 * The address as the portal keeps it. An entered address whose locality is unknown is refused
 * with error 100 naming `field` (the form shows it at the address).
 */
export async function checkAddress(
  db: Db,
  address: { text: string; moniker?: string | undefined; entered?: EnteredAddress | undefined },
  field: string,
): Promise<CheckedAddress> {
  if (address.entered) {
    if (!(await isKnownLocality(db, address.entered))) {
      throw new AppError(
        100,
        fillMessage(ENTERED_ADDRESS_MESSAGES.notALocality, { locality: enteredLocality(address.entered) }),
        field,
      );
    }
    return { line: enteredAddressLine(address.entered), verified: false, entered: address.entered };
  }
  const text = address.text.trim();
  if (!address.moniker) return { line: text, verified: false, entered: undefined };
  const row = await db.selectFrom('addresses').select('label').where('id', '=', address.moniker).executeTakeFirst();
  return { line: text, verified: row !== undefined && row.label === text.toUpperCase(), entered: undefined };
}
