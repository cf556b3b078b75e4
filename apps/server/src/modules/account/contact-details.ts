/**
 * A change of the claimant's contact details (spec 000 §4, §6): a new mobile or e-mail needs a
 * secure token of its CodeType; an address is checked (the index, or its locality when entered by
 * hand) and kept as verified or not; audited, sent and told as every change (record-change.ts).
 */
import {
  CodeType,
  ErrorNumber,
  catalogueMessage,
  enteredLocality,
  fillMessage,
  type UpdateClaimantContactDetailsRequest,
  type UpdateContactDetailsRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { diff, type Change } from '../audit/repository.ts';
import type { Channel } from '../../notify/transports.ts';
import { recordChange, requireSecureToken } from './record-change.ts';
import { checkAddress } from '../address/verify.ts';
import { type AuthContext } from '../session/service.ts';
import * as claimants from './claimant-repository.ts';
import * as repo from './repository.ts';
import { tag } from '../../lib/read-cache.ts';

type ContactInput = z.output<typeof UpdateContactDetailsRequest>;
type ClaimantContactInput = z.output<typeof UpdateClaimantContactDetailsRequest>;

type AddressLinesInput = ContactInput['HomeAddressForDB'];
/** An address as My Details stores it (claimants.home_address / postal_address, JSON). */
type StoredAddress = Omit<AddressLinesInput, 'Moniker'> & { Verified?: boolean };

function storedAddress(json: string | null): StoredAddress | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as StoredAddress;
  } catch {
    return null;
  }
}

/**
 * The address to store: unchanged, it keeps what is known of it (an address from the claims
 * system, stored without a flag, counts as verified); changed, it is checked (address/verify.ts).
 */
async function keptAddress(
  deps: Deps,
  input: AddressLinesInput,
  storedJson: string | null,
  field: string,
): Promise<StoredAddress> {
  const stored = storedAddress(storedJson);
  if (!input.Entered && stored && stored.ExperianSingleSelectedLine === input.ExperianSingleSelectedLine) return stored;
  const checked = await checkAddress(
    deps.db,
    { text: input.ExperianSingleSelectedLine, moniker: input.Moniker, entered: input.Entered },
    field,
  );
  if (checked.entered) {
    return {
      ExperianSingleSelectedLine: checked.line,
      AddressLine1: checked.entered.Street.trim().toUpperCase(),
      AddressLine2: enteredLocality(checked.entered),
      AddressLine3: '',
      Verified: false,
      Entered: checked.entered,
    };
  }
  return {
    ExperianSingleSelectedLine: input.ExperianSingleSelectedLine,
    AddressLine1: input.AddressLine1,
    AddressLine2: input.AddressLine2,
    AddressLine3: input.AddressLine3,
    Verified: checked.verified,
  };
}

/** A changed address always goes to the claims system with whether it was verified. */
function withVerification(
  changes: Record<string, Change>,
  addresses: Record<'home' | 'postal', [string | null, string]>,
): Record<string, Change> {
  const verified = (json: string | null) => (json ? String(storedAddress(json)?.Verified !== false) : '');
  const out = { ...changes };
  for (const [which, key] of [
    ['home', 'HomeAddress'],
    ['postal', 'PostalAddress'],
  ] as const) {
    const [before, after] = addresses[which];
    if (out[key]) out[`${key}Verified`] = { from: verified(before), to: verified(after) };
  }
  return out;
}

async function accountViewOf(deps: Deps, auth: AuthContext) {
  const a = await repo.findAccountView(deps.db, auth.accountId);
  if (!a) throw new AppError(ErrorNumber.NotFound);
  return a;
}

export async function updateContactDetails(deps: Deps, auth: AuthContext, input: ContactInput): Promise<true> {
  return changeContactDetails(deps, auth, await accountViewOf(deps, auth), input);
}

/** The change itself, from the account as it was read once. */
async function changeContactDetails(
  deps: Deps,
  auth: AuthContext,
  a: NonNullable<Awaited<ReturnType<typeof repo.findAccountView>>>,
  input: ContactInput,
): Promise<true> {
  const emailChanged = input.EmailAddress.toLowerCase() !== (a.email ?? '').toLowerCase();
  const mobileChanged = input.MobileNumber !== (a.mobile ?? '');
  const disabled = (detail: string) =>
    new AppError(
      ErrorNumber.EditDisabled,
      fillMessage(catalogueMessage(ErrorNumber.EditDisabled), { detail, phone: deps.config.provider.phone }),
    );
  if (emailChanged && a.email_edit_disabled === 1) throw disabled('e-mail address');
  if (mobileChanged && a.mobile_edit_disabled === 1) throw disabled('mobile number');
  // One verified code proves one channel: the e-mail and the mobile change one at a time.
  if (emailChanged && mobileChanged) throw new AppError(ErrorNumber.SecureTokenRequired);
  if (emailChanged) await requireSecureToken(deps, auth, input.SecureToken, CodeType.Email);
  if (mobileChanged) await requireSecureToken(deps, auth, input.SecureToken, CodeType.Mobile);
  // An address entered by hand is checked against the localities and kept as not verified.
  const home = JSON.stringify(await keptAddress(deps, input.HomeAddressForDB, a.home_address, 'HomeAddressForDB'));
  const postal =
    input.AreAddressesSame || !input.PostalAddressForDB
      ? home
      : JSON.stringify(await keptAddress(deps, input.PostalAddressForDB, a.postal_address, 'PostalAddressForDB'));
  const next = {
    // Unchanged, the address stays as stored (none stays none: a helper's change of the addresses
    // carries the claimant's e-mail as it is on record).
    email: emailChanged ? input.EmailAddress : a.email,
    mobile: input.MobileNumber || null,
    phoneArea: input.PhoneNumber.AreaCode || null,
    phoneNumber: input.PhoneNumber.Number || null,
    homeAddress: home,
    postalAddress: postal,
    same: input.AreAddressesSame,
  };
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await claimants.setContactDetails(trx, a.claimant_id, next);
    const lineOf = (json: string | null) =>
      json ? ((JSON.parse(json) as { ExperianSingleSelectedLine?: string }).ExperianSingleSelectedLine ?? '') : '';
    const changes = withVerification(
      diff(
        {
          EmailAddress: a.email,
          MobileNumber: a.mobile,
          AreaCode: a.phone_area,
          PhoneNumber: a.phone_number,
          HomeAddress: lineOf(a.home_address),
          PostalAddress: lineOf(a.postal_address),
        },
        {
          EmailAddress: next.email,
          MobileNumber: next.mobile,
          AreaCode: next.phoneArea,
          PhoneNumber: next.phoneNumber,
          HomeAddress: lineOf(home),
          PostalAddress: lineOf(postal),
        },
      ),
      { home: [a.home_address, home], postal: [a.postal_address, postal] },
    );
    // The old address or number hears of it too: if it was not the claimant, that is where they are.
    const oldContacts: { channel: Channel; to: string }[] = [];
    if (emailChanged && a.email) oldContacts.push({ channel: 'email', to: a.email });
    if (mobileChanged && a.mobile) oldContacts.push({ channel: 'sms', to: a.mobile });
    await recordChange(deps, trx, auth, {
      claimantId: a.claimant_id,
      kind: 'contact-details',
      changes,
      now,
      oldContacts,
    });
  });
  await deps.reads.changed(tag.claimant(a.claimant_id));
  deps.notifier.wake();
  return true;
}

/**
 * A helper with Act changes the claimant's landline and addresses for them (decision 041): the
 * same change as the claimant's own, with the e-mail and mobile on record kept as they are (no
 * code is asked for, none changes). The audit row, the claims system's event (ActedBy) and the
 * claimant's notice name the helper.
 */
export async function updateClaimantContactDetails(
  deps: Deps,
  auth: AuthContext,
  input: ClaimantContactInput,
): Promise<true> {
  const a = await accountViewOf(deps, auth);
  return changeContactDetails(deps, auth, a, { ...input, EmailAddress: a.email ?? '', MobileNumber: a.mobile ?? '' });
}
