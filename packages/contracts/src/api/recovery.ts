/** Registration and account recovery (spec 001 §3, §4, §5). */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  claimNumber,
  dateOfBirth,
  isDeliveryAddress,
  isEmail,
  lastName,
  mobileNumber,
  newPassword,
  personName,
  optionalPersonName,
  stripSpaces,
} from '../fields.ts';
import { EnteredAddress } from './address.ts';
import { requestBody } from './common.ts';

/**
 * A picked address: the suggestion's text, and its moniker when it came from the address index;
 * or an address entered by hand (Entered), whose text the server writes from its parts.
 */
export const PickedAddress = z.strictObject({
  PartialAddress: z.string().trim().min(1, MESSAGES.homeAddressRequired001).max(300),
  Moniker: z.string().max(100).optional(),
  Entered: EnteredAddress.optional(),
});

/** A username: an e-mail address, typed without spaces. */
export const registerUsername = z
  .string({ error: MESSAGES.registerUsernameInvalid })
  .transform(stripSpaces)
  .pipe(z.string().refine(isEmail, MESSAGES.registerUsernameInvalid));

const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === '' || isEmail(v), MESSAGES.emailIncorrect)
  .optional();
const optionalMobile = z
  .string()
  .trim()
  .refine((v) => v === '' || mobileNumber.safeParse(v).success, MESSAGES.mobileInvalid)
  .optional();

/** Spec 001 §5: at least one of mobile or e-mail on registration and recovery. */
function oneContact(v: { MobileNumber?: string | undefined; EmailAddress?: string | undefined }) {
  return Boolean(v.MobileNumber) || Boolean(v.EmailAddress);
}

export const RegisterRequest = requestBody({
  Username: registerUsername,
  DateOfBirth: dateOfBirth(),
  FirstName: personName,
  MiddleName: optionalPersonName,
  LastName: lastName,
  TACNumber: claimNumber,
  EmailAddress: optionalEmail,
  MobileNumber: optionalMobile,
  NewPassword: newPassword,
  ReEnterPassword: z.string(),
  HomeAddress: PickedAddress.refine((a) => !isDeliveryAddress(a.PartialAddress), MESSAGES.homeAddressIsDelivery),
  PostalAddress: PickedAddress,
})
  .refine((v) => v.NewPassword === v.ReEnterPassword, { message: MESSAGES.passwordMismatch, path: ['ReEnterPassword'] })
  .refine(oneContact, { message: MESSAGES.mobileOrEmailRequired, path: ['MobileNumber'] });
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResponse = z.object({ AccessToken: z.string() });

export const RecoveryRequest = requestBody({
  FirstName: personName,
  LastName: lastName,
  DateOfBirth: dateOfBirth(),
  MobileNumber: optionalMobile,
  EmailAddress: optionalEmail,
  ClaimNumber: claimNumber,
}).refine(oneContact, { message: MESSAGES.mobileOrEmailRequired, path: ['MobileNumber'] });
export type RecoveryRequest = z.input<typeof RecoveryRequest>;

/** Where the username was sent (the /sentusername page names the method). */
export const UsernameSentResponse = z.object({ SentBy: z.enum(['Email', 'SMS']) });

/**
 * No Username (spec 001 lists it): anyone with a claimant's personal details could read it here.
 * It goes only to the e-mail or mobile on record, through forgot username (decision 023).
 */
export const ForgotPasswordResponse = z.object({
  ResetPasswordToken: z.string(),
  /** For the reset page's greeting (spec 001: "Greets the user by name"). */
  FirstName: z.string(),
});

export const ResetPasswordRequest = requestBody({
  ResetPasswordToken: z.string().min(1).max(256),
  NewPassword: newPassword,
  ReEnterPassword: z.string(),
}).refine((v) => v.NewPassword === v.ReEnterPassword, {
  message: MESSAGES.resetPasswordMismatch,
  path: ['ReEnterPassword'],
});

/**
 * A reset never returns a ready session, and changes nothing yet: AccessToken is a registration
 * token (AccountActivated false → /activate) or a verification token (true → /verify), and the new
 * password takes effect only when that screen's code, sent to an on-record channel, is entered
 * (decisions 008 and 023).
 */
export const ResetPasswordResponse = z.object({ AccessToken: z.string(), AccountActivated: z.boolean() });
