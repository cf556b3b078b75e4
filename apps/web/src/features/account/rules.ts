/**
 * Who may edit what on My Details (spec 000 §6), the preferences rule (§4) and how the read views
 * show stored values (§2 "Masked display", §3 "display name").
 */
import {
  ErrorNumber,
  MESSAGES,
  TITLES,
  catalogueMessage,
  fillMessage,
  type Account,
  type Address,
  type ContactDetails,
  type PersonalDetails,
} from '@portal/contracts';
import { STATE_TRUSTEES } from '../../lib/content/state-trustees.ts';

export type EditPermission =
  | { kind: 'allowed' }
  /** No Edit link; the hint says what to do first. */
  | { kind: 'hidden'; hint: string }
  /**
   * No Edit link; the message says why (a provider flag or a rule of §6). `callUs` is a sentence
   * the help line's number (a tel: link) and a full stop complete: whom to ask instead.
   */
  | { kind: 'blocked'; message: string; callUs?: string };

const ALLOWED: EditPermission = { kind: 'allowed' };

/**
 * Spec 000 §6: editing the e-mail needs a mobile number and editing the mobile needs an e-mail
 * address (the access code goes to the other channel), otherwise the Edit link is hidden; the
 * provider's flags disable either with 'Unfortunately we are not able to update …'.
 */
export function contactChannelPermission(account: Account, channel: 'mobile' | 'email', phone: string): EditPermission {
  const { EmailAddress, MobileNumber } = account.ContactDetails;
  const detail = channel === 'mobile' ? 'mobile number' : 'email address';
  const disabled = channel === 'mobile' ? account.MobileEditDisabled : account.EmailEditDisabled;
  if (disabled)
    return { kind: 'blocked', message: fillMessage(catalogueMessage(ErrorNumber.EditDisabled), { detail, phone }) };
  if (channel === 'mobile' && !EmailAddress) {
    return {
      kind: 'hidden',
      hint: 'To change your mobile number we send a code to your email address. Please add an email address first.',
    };
  }
  if (channel === 'email' && !MobileNumber) {
    return {
      kind: 'hidden',
      hint: 'To change your email address we send a code to your mobile. Please add a mobile number first.',
    };
  }
  return ALLOWED;
}

/**
 * Spec 000 §6: the State Trustees first, then the 48 hours after registration. A trustee claim is
 * also told who is paid and whom to contact: it has nowhere else to go (decision 027).
 */
export function bankPermission(account: Account): EditPermission {
  if (account.IsStateTrustee)
    return {
      kind: 'blocked',
      message: `${capitalise(MESSAGES.bankStateTrustee)}. ${STATE_TRUSTEES.paid}`,
      callUs: STATE_TRUSTEES.contact,
    };
  if (!account.BankDetailsCanEdit) return { kind: 'blocked', message: MESSAGES.bankLocked48h };
  return ALLOWED;
}

/**
 * Contact details (phone and addresses) are saved with the e-mail address on record, which the
 * server requires (spec 000 §5 "a user must have an e-mail address").
 */
export function contactDetailsPermission(account: Account): EditPermission {
  if (!account.ContactDetails.EmailAddress) {
    return {
      kind: 'hidden',
      hint: 'Please add an email address first: we need one on record to save your contact details.',
    };
  }
  return ALLOWED;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type PreferenceValues = { SMS: boolean; Email: boolean };

/** Spec 000 §4: if both would be off, e-mail is forced on; turning SMS off forces nothing else. */
export function nextPreferences(
  current: PreferenceValues,
  change: Partial<PreferenceValues>,
): { values: PreferenceValues; forcedEmail: boolean } {
  const values = { ...current, ...change };
  if (!values.SMS && !values.Email) return { values: { SMS: false, Email: true }, forcedEmail: true };
  return { values, forcedEmail: false };
}

/** Spec 000 §6: a preference box is disabled unless both e-mail and mobile exist, with a warning. */
export function preferencesWarning(contact: Pick<ContactDetails, 'EmailAddress' | 'MobileNumber'>): string | null {
  const missing = [contact.MobileNumber ? null : 'mobile number', contact.EmailAddress ? null : 'email address'].filter(
    Boolean,
  );
  if (missing.length === 0) return null;
  return `To choose how we contact you, please add your ${missing.join(' and ')} first.`;
}

/** The title's name; 'Unknown' is blank in the display name (spec 000 §3). */
export function titleName(titleId: number): string {
  return TITLES.find((t) => t.Id === titleId)?.Item ?? 'Unknown';
}

/** Spec 000 §3: title (blank when 'Unknown/No Title'), first name, middle names, surname. */
export function displayName(details: Pick<PersonalDetails, 'Title' | 'FirstName' | 'MiddleNames' | 'Surname'>): string {
  const title = titleName(details.Title);
  return [title === 'Unknown' ? '' : title, details.FirstName, details.MiddleNames, details.Surname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** 0412345678 → '0412 345 678' (easier to read back; the stored value stays digits). */
export function formatMobile(mobile: string): string {
  return /^[0-9]{10}$/.test(mobile) ? `${mobile.slice(0, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}` : mobile;
}

/** Area code and number, e.g. '(03) 9123 4567'; empty when there is no phone number. */
export function formatPhone(phone: ContactDetails['PhoneNumber']): string {
  if (!phone.AreaCode && !phone.Number) return '';
  const number = /^[0-9]{8}$/.test(phone.Number)
    ? `${phone.Number.slice(0, 4)} ${phone.Number.slice(4)}`
    : phone.Number;
  return `(${phone.AreaCode}) ${number}`;
}

export function addressText(address: Address | null): string {
  if (!address) return '';
  return (
    address.ExperianSingleSelectedLine ||
    [address.AddressLine1, address.AddressLine2, address.AddressLine3].filter(Boolean).join(', ')
  );
}

/** The last 4 characters of a masked account number ('*****6789' → '6789'; spec 000 §2). */
export function accountNumberLast4(masked: string): string {
  return masked.replace(/[^0-9]/g, '').slice(-4);
}
