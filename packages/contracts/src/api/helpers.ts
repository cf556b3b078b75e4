/** People who help (decision 041): a claimant lets a helper act for them on one claim, with a scope. */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { claimNumber, email, lastName, mobileNumber, newPassword, personName } from '../fields.ts';
import { isoDate, requestBody } from './common.ts';
import { registerUsername } from './recovery.ts';

/** What a helper may do, least first: each scope includes the ones before it. */
export const HELPER_SCOPES = ['View', 'Send', 'Act'] as const;
export const HelperScope = z.enum(HELPER_SCOPES);
export type HelperScope = z.infer<typeof HelperScope>;

/** Does changing a helper from `from` to `to` give them more? More access is proved by the Security step-up (decision 041). */
export function givesMoreAccess(from: HelperScope, to: HelperScope): boolean {
  return HELPER_SCOPES.indexOf(to) > HELPER_SCOPES.indexOf(from);
}

export const HELPER_LIMITS = {
  /** Helpers active or invited on one claim at once. */
  perClaim: 5,
  /** How long an invitation link may be taken. */
  invitationLifetimeMs: 14 * 24 * 60 * 60 * 1000,
  /** Invitations one claimant may send in any 24 hours (withdrawn ones count). */
  invitationsPerClaimantPerDay: 10,
  /** Invitations one e-mail address or mobile may receive in any 24 hours, from anyone. */
  invitationsPerContactPerDay: 3,
} as const;

export const HelperState = z.enum(['Invited', 'Active', 'Ended']);

export const Helper = z.object({
  Id: z.string(),
  Name: z.string(),
  /** The contact the invitation went to, masked. */
  Contact: z.string(),
  ClaimNumber: z.string(),
  Scope: HelperScope,
  State: HelperState,
  /** The last day of access, when the claimant chose one. */
  EndsOn: isoDate.nullable(),
  /** An invitation's last moment (ISO date-time); null once taken or withdrawn. */
  InvitationExpiresAt: z.string().nullable(),
  /** Appointed by the claims system (a guardian, an attorney…): the claimant can end it, not change it. */
  Appointed: z.boolean(),
});
export type Helper = z.infer<typeof Helper>;
export const HelperList = z.array(Helper);

/** The claimant may invite a View or Send helper; Act comes only from the claims system. */
export const InviteHelperRequest = requestBody({
  SecureToken: z.string().min(1).max(256),
  ClaimNumber: claimNumber,
  Name: personName,
  Email: email.optional(),
  Mobile: mobileNumber.optional(),
  Scope: z.enum(['View', 'Send']),
  EndsOn: isoDate.optional(),
}).refine((b) => (b.Email === undefined) !== (b.Mobile === undefined), {
  message: 'Give an e-mail address or a mobile number',
  path: ['Email'],
});

export const HelperIdRequest = requestBody({ Id: z.string().min(1).max(64) });

/**
 * The claimant changes what a helper they invited can do. More (View to Send) needs a Security
 * secure token, as inviting does; less needs none, as ending needs none.
 */
export const ChangeHelperRequest = requestBody({
  Id: z.string().min(1).max(64),
  Scope: z.enum(['View', 'Send']),
  SecureToken: z.string().min(1).max(256).optional(),
});

export const InvitationRequest = requestBody({ Invitation: z.string().min(1).max(256) });

/** What an invitation link offers, before it is taken. */
export const Invitation = z.object({
  ClaimantName: z.string(),
  ClaimNumber: z.string(),
  Scope: HelperScope,
  EndsOn: isoDate.nullable(),
  ExpiresAt: z.string(),
  /** The contact the link was sent to, masked: a new account's code goes there. */
  Contact: z.string(),
});

/**
 * A helper's own account, registered from the invitation: names, a username and a password. The
 * contact is the one the invitation was sent to, which the activation code then proves.
 */
export const RegisterHelperRequest = requestBody({
  Invitation: z.string().min(1).max(256),
  Username: registerUsername,
  FirstName: personName,
  LastName: lastName,
  NewPassword: newPassword,
  ReEnterPassword: z.string(),
}).refine((v) => v.NewPassword === v.ReEnterPassword, {
  message: MESSAGES.passwordMismatch,
  path: ['ReEnterPassword'],
});
export type RegisterHelperRequest = z.input<typeof RegisterHelperRequest>;

/** The claims a signed-in person helps with. */
export const Helping = z.object({ ClaimantName: z.string(), Scope: HelperScope });

export const HelperActivity = z.array(z.object({ HelperName: z.string(), Call: z.string(), At: z.string() }));
