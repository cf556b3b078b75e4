/** Changes from the /account area (spec 000 §3, §4, §5, §7). */
import { z } from 'zod';
import { CodeType } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  accountName,
  accountNumber,
  areaCode,
  bsb,
  email,
  isDeliveryAddress,
  mobileNumber,
  newPassword,
  phoneNumber,
} from '../fields.ts';
import { EnteredAddress } from './address.ts';
import { requestBody } from './common.ts';

/** The secure token from a verified access code (validatesecuritycodewhileloggedin). */
const secureToken = z.string().min(1).max(256);

export const UpdatePreferencesRequest = requestBody({ SMS: z.boolean(), Email: z.boolean() });
/** The preferences as saved (both off forces e-mail on, spec 000 §4). */
export const PreferencesResponse = z.object({ SMS: z.boolean(), Email: z.boolean() });

export const UpdatePasswordRequest = requestBody({
  OldPassword: z.string().min(1, MESSAGES.fieldRequired).max(1024),
  NewPassword: newPassword,
  ReEnterPassword: z.string().min(1, MESSAGES.fieldRequired),
}).refine((v) => v.NewPassword === v.ReEnterPassword, {
  message: MESSAGES.passwordMismatch,
  path: ['ReEnterPassword'],
});

export const UpdateBankDetailsRequest = requestBody({
  AccountName: accountName,
  Bsb: bsb,
  AccountNumber: accountNumber,
  SecureToken: secureToken,
});

const AddressLines = z.strictObject({
  ExperianSingleSelectedLine: z.string().trim().max(300),
  AddressLine1: z.string().trim().max(150),
  AddressLine2: z.string().trim().max(150),
  AddressLine3: z.string().trim().max(150),
  /** The address index's id, when the address was chosen from its suggestions. */
  Moniker: z.string().max(100).optional(),
  /** An address entered by hand: the server writes the lines from its parts. */
  Entered: EnteredAddress.optional(),
});

/** The landline and the addresses: what Contact Details changes (the e-mail and mobile change in their own blocks). */
const addressAndPhone = {
  PhoneNumber: z.strictObject({
    IntlNumber: z.literal('61'),
    AreaCode: z
      .string()
      .trim()
      .refine((v) => v === '' || areaCode.safeParse(v).success, MESSAGES.areaCodeInvalid),
    Number: z
      .string()
      .trim()
      .refine((v) => v === '' || phoneNumber.safeParse(v).success, MESSAGES.phoneInvalid),
  }),
  HomeAddressForDB: AddressLines.refine(
    (a) => a.ExperianSingleSelectedLine.length > 0,
    MESSAGES.homeAddressRequired,
  ).refine((a) => !isDeliveryAddress(a.ExperianSingleSelectedLine), MESSAGES.homeAddressIsDelivery),
  PostalAddressForDB: AddressLines.nullable(),
  AreAddressesSame: z.boolean(),
};

type AddressAndPhone = {
  PhoneNumber: { AreaCode: string; Number: string };
  PostalAddressForDB: { ExperianSingleSelectedLine: string } | null;
  AreAddressesSame: boolean;
};

/** spec 000 §5: each half of the phone number requires the other; a postal address unless it is the home one. */
function withAddressRules<T extends z.ZodType<AddressAndPhone>>(schema: T) {
  return schema
    .refine((v) => (v.PhoneNumber.AreaCode === '') === (v.PhoneNumber.Number === ''), {
      message: MESSAGES.phoneInvalid,
      path: ['PhoneNumber', 'Number'],
    })
    .refine((v) => v.AreAddressesSame || (v.PostalAddressForDB?.ExperianSingleSelectedLine ?? '') !== '', {
      message: MESSAGES.postalAddressRequired,
      path: ['PostalAddressForDB'],
    });
}

export const UpdateContactDetailsRequest = withAddressRules(
  requestBody({
    EmailAddress: email,
    MobileNumber: z
      .string()
      .trim()
      .refine((v) => v === '' || mobileNumber.safeParse(v).success, MESSAGES.mobileInvalid),
    ...addressAndPhone,
    isSecureUpdate: z.boolean().optional(),
    /** Needed when the e-mail or the mobile changes: a token for that CodeType. */
    SecureToken: secureToken.optional(),
  }),
);
export type UpdateContactDetailsRequest = z.input<typeof UpdateContactDetailsRequest>;

/**
 * The contact details a helper with Act changes for the claimant (decision 041): the landline and
 * the addresses only. The claimant's e-mail and mobile, where their codes go, stay theirs.
 */
export const UpdateClaimantContactDetailsRequest = withAddressRules(requestBody(addressAndPhone));
export type UpdateClaimantContactDetailsRequest = z.input<typeof UpdateClaimantContactDetailsRequest>;

export const SECURE_CODE_TYPES = { bank: CodeType.Bank, mobile: CodeType.Mobile, email: CodeType.Email } as const;
