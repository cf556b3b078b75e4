/**
 * The registration form's fields: their ids (the error summary links to them, server errors name
 * them), labels, empty values and the resolver, the contracts' RegisterRequest.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterRequest } from '@portal/contracts';
import type { FieldError } from 'react-hook-form';
import type { PickedAddressValue } from '../../../components/address-picker.tsx';
import type { RegisterValues } from '../api/register.ts';

export type Values = RegisterValues;

/** Ids of the fields (the alert's entries link to them; server errors name them). */
export const REGISTER_FIELD_IDS = {
  Username: 'register-username',
  DateOfBirth: 'register-date-of-birth',
  FirstName: 'register-first-name',
  MiddleName: 'register-middle-name',
  LastName: 'register-last-name',
  TACNumber: 'register-claim-number',
  EmailAddress: 'register-email',
  MobileNumber: 'register-mobile',
  NewPassword: 'register-new-password',
  ReEnterPassword: 'register-re-enter-password',
  HomeAddress: 'register-home-address',
  PostalAddress: 'register-postal-address',
} as const satisfies Record<keyof Values, string>;

export const TERMS_ID = 'register-terms';

/** Where an entry about a field takes focus (the claim number: its first part). */
export const FOCUS_IDS: Record<keyof Values, string> = {
  ...REGISTER_FIELD_IDS,
  TACNumber: `${REGISTER_FIELD_IDS.TACNumber}-first`,
};

export const LABELS: Record<keyof Values, string> = {
  Username: 'Username',
  DateOfBirth: 'Date of birth',
  FirstName: 'First name',
  MiddleName: 'Middle name',
  LastName: 'Last name',
  TACNumber: 'Claim number',
  EmailAddress: 'Email address',
  MobileNumber: 'Mobile number',
  NewPassword: 'New password',
  ReEnterPassword: 'Re-enter password',
  HomeAddress: 'Home address',
  PostalAddress: 'Postal address',
};

export const EMPTY_ADDRESS = { PartialAddress: '' };

export const DEFAULTS: Values = {
  Username: '',
  DateOfBirth: '',
  FirstName: '',
  MiddleName: '',
  LastName: '',
  TACNumber: '',
  EmailAddress: '',
  MobileNumber: '',
  NewPassword: '',
  ReEnterPassword: '',
  HomeAddress: EMPTY_ADDRESS,
  PostalAddress: EMPTY_ADDRESS,
};

export function chosen(address: PickedAddressValue | undefined): PickedAddressValue | null {
  return address && address.PartialAddress ? address : null;
}

export const orEmpty = (pick: PickedAddressValue | null): PickedAddressValue => pick ?? EMPTY_ADDRESS;

const contractResolver = zodResolver(RegisterRequest, undefined, { raw: true });

/**
 * The contracts report a missing address at its PartialAddress. react-hook-form, checking a field
 * as it is left or changed, looks for the error at the field's own name and drops one nested under
 * it, so leaving an empty picker took its "required" message away. Each address's error is put at
 * the address itself.
 */
export const resolver: typeof contractResolver = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  for (const name of ['HomeAddress', 'PostalAddress'] as const) {
    const error = result.errors[name];
    if (error && !error.message && error.PartialAddress) result.errors[name] = error.PartialAddress as FieldError;
  }
  return result;
};
