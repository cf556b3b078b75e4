import { z } from 'zod';
import { AccountActivated, DeviceType } from '../constants.ts';
import { loginPassword, username } from '../fields.ts';
import { EnteredAddress } from './address.ts';
import { isoDate, requestBody } from './common.ts';

export const LoginRequest = requestBody({
  EmailAddress: username,
  Password: loginPassword,
  RememberMe: z.boolean().default(false),
  DeviceType: z
    .union([
      z.literal(DeviceType.Web),
      z.literal(DeviceType.iOS),
      z.literal(DeviceType.Android),
      z.literal(DeviceType.WindowsPhone),
    ])
    .default(DeviceType.Web),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResponse = z.object({
  AccessToken: z.string(),
  AccountActivated: z.union([
    z.literal(AccountActivated.NotActivated),
    z.literal(AccountActivated.VerificationRequired),
    z.literal(AccountActivated.Activated),
  ]),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const Address = z.object({
  ExperianSingleSelectedLine: z.string(),
  AddressLine1: z.string(),
  AddressLine2: z.string(),
  AddressLine3: z.string(),
  /** False for an address the claimant entered by hand (not found in the address index). */
  Verified: z.boolean().optional(),
  /** The parts of an address entered by hand. */
  Entered: EnteredAddress.optional(),
});
export type Address = z.infer<typeof Address>;

export const PersonalDetails = z.object({
  Title: z.number().int().min(1).max(7),
  FirstName: z.string(),
  MiddleNames: z.string(),
  Surname: z.string(),
  DateOfBirth: isoDate,
});
export type PersonalDetails = z.infer<typeof PersonalDetails>;

export const ContactDetails = z.object({
  EmailAddress: z.string(),
  MobileNumber: z.string(),
  PhoneNumber: z.object({ IntlNumber: z.string(), AreaCode: z.string(), Number: z.string() }),
  HomeAddressForDB: Address.nullable(),
  PostalAddressForDB: Address.nullable(),
  AreAddressesSame: z.boolean(),
});
export type ContactDetails = z.infer<typeof ContactDetails>;

/** Bank details as they leave the server: the account number masked to its last 4 digits. */
export const BankAccountDetails = z.object({
  BankName: z.string(),
  AccountName: z.string(),
  Bsb: z.string(),
  AccountNumber: z.string().regex(/^\*+[0-9]{0,4}$/),
});
export type BankAccountDetails = z.infer<typeof BankAccountDetails>;

export const Preferences = z.object({ SMS: z.boolean(), Email: z.boolean() });

export const Account = z.object({
  PersonalDetails,
  ContactDetails,
  BankAccountDetails: BankAccountDetails.nullable(),
  Preferences,
  BankDetailsCanEdit: z.boolean(),
  BankDetailsVerified: z.boolean(),
  IsStateTrustee: z.boolean(),
  MobileEditDisabled: z.boolean(),
  EmailEditDisabled: z.boolean(),
  IsOneTimePassword: z.boolean(),
  /** When a personal-details change request is waiting for the provider's approval: the date it was sent. */
  PersonalDetailsPendingSince: isoDate.nullable(),
});
export type Account = z.infer<typeof Account>;

/**
 * What a helper with Act sees of the claimant's details (decision 041): the name and date of
 * birth, and the landline and addresses. Never the e-mail or mobile, the bank details or the
 * preferences. An account (above) holds all of it, so My Details' views read either.
 */
export const ClaimantDetails = z.object({
  PersonalDetails,
  ContactDetails: ContactDetails.omit({ EmailAddress: true, MobileNumber: true }),
  PersonalDetailsPendingSince: isoDate.nullable(),
});
export type ClaimantDetails = z.infer<typeof ClaimantDetails>;

export const KeepAliveResponse = z.object({ IdleTimeoutSeconds: z.number().int() });

/** A remembered session's token, handed back to a new tab or a restarted browser (decision 038). */
export const ResumeSessionResponse = z.object({ AccessToken: z.string() });
export type ResumeSessionResponse = z.infer<typeof ResumeSessionResponse>;
