/**
 * POST /api/account/updatecontactdetails (spec 000 §7). One call for the Contact Details, Mobile
 * Number and Email Address blocks: the body always carries the whole contact record, and a change
 * of the e-mail or the mobile carries the secure token of that CodeType with isSecureUpdate
 * (spec 000 §3). Silent: the form shows field errors under the fields and alerts the rest.
 */
import {
  enteredLocality,
  type Address,
  type ClaimantDetails,
  type ContactDetails,
  type UpdateClaimantContactDetailsRequest,
  type UpdateContactDetailsRequest,
} from '@portal/contracts';
import type { PickedAddressValue } from '../../../components/address-picker.tsx';
import { call, type CallAnswer, type CallBody } from '../../../lib/request/call.ts';

export type AddressLines = UpdateContactDetailsRequest['HomeAddressForDB'];
export type ContactDetailsBody = Omit<UpdateContactDetailsRequest, 'AccessToken'>;
/** What the Contact Details view changes: the landline and the addresses. */
export type AddressAndPhoneBody = Omit<UpdateClaimantContactDetailsRequest, 'AccessToken'>;

const NO_ADDRESS: AddressLines = {
  ExperianSingleSelectedLine: '',
  AddressLine1: '',
  AddressLine2: '',
  AddressLine3: '',
};

function addressLinesOf(address: Address | null): AddressLines {
  if (!address) return NO_ADDRESS;
  return {
    ExperianSingleSelectedLine: address.ExperianSingleSelectedLine,
    AddressLine1: address.AddressLine1,
    AddressLine2: address.AddressLine2,
    AddressLine3: address.AddressLine3,
    ...(address.Entered ? { Entered: address.Entered } : {}),
  };
}

/**
 * A chosen suggestion as the stored record: the street line, then the locality (as registration
 * stores it), with its moniker so that the server can verify it; an address entered by hand
 * carries its parts, from which the server writes the lines.
 */
export function addressLinesFromPick(pick: PickedAddressValue | null): AddressLines {
  const text = pick?.PartialAddress.trim() ?? '';
  if (!pick || !text) return NO_ADDRESS;
  if (pick.Entered) {
    const { Street, Postcode, ...rest } = pick.Entered;
    return {
      ExperianSingleSelectedLine: text,
      AddressLine1: Street.trim().toUpperCase(),
      AddressLine2: enteredLocality({ ...rest, Postcode }),
      AddressLine3: '',
      Entered: pick.Entered,
    };
  }
  const [line1 = '', ...rest] = text.split(',').map((part) => part.trim());
  return {
    ExperianSingleSelectedLine: text,
    AddressLine1: line1,
    AddressLine2: rest.join(', '),
    AddressLine3: '',
    ...(pick.Moniker ? { Moniker: pick.Moniker } : {}),
  };
}

/** The stored landline and addresses as the Contact Details view's values. */
export function addressAndPhoneBody(contact: ClaimantDetails['ContactDetails']): AddressAndPhoneBody {
  return {
    PhoneNumber: { IntlNumber: '61', AreaCode: contact.PhoneNumber.AreaCode, Number: contact.PhoneNumber.Number },
    HomeAddressForDB: addressLinesOf(contact.HomeAddressForDB),
    PostalAddressForDB: contact.AreAddressesSame ? null : addressLinesOf(contact.PostalAddressForDB),
    AreAddressesSame: contact.AreAddressesSame,
  };
}

/** The stored contact record as a request body, with `change` applied. */
export function contactBody(contact: ContactDetails, change: Partial<ContactDetailsBody> = {}): ContactDetailsBody {
  return {
    EmailAddress: contact.EmailAddress,
    MobileNumber: contact.MobileNumber,
    ...addressAndPhoneBody(contact),
    ...change,
  };
}

export function updateContactDetails(
  body: ContactDetailsBody,
  secureToken?: string,
): Promise<CallAnswer<'updateContactDetails'>> {
  const payload: CallBody<'updateContactDetails'> = { ...body };
  if (secureToken) {
    payload.SecureToken = secureToken;
    payload.isSecureUpdate = true;
  }
  return call('updateContactDetails', payload, {
    silent: true,
    loadingMessage: 'Saving your details',
  });
}

/**
 * POST /api/account/updateclaimantcontactdetails: a helper with Act changes the landline and the
 * addresses of the claimant they help (decision 041); the claimant's e-mail and mobile stay theirs.
 */
export function updateClaimantContactDetails(
  body: AddressAndPhoneBody,
): Promise<CallAnswer<'updateClaimantContactDetails'>> {
  return call('updateClaimantContactDetails', body, { silent: true, loadingMessage: 'Saving their details' });
}
