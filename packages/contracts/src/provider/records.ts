/**
 * The claimant's records the claims system keeps: claimants and their claims, inbox messages,
 * where sent items stand, and details change requests.
 */
import { z } from 'zod';
import { UPLOAD_TYPES } from '../lists.ts';
import { isoDate } from '../api/common.ts';
import { SENT_ITEM_STATUSES } from '../api/messages.ts';

const claimNumber = z.string().regex(/^[0-9]{2}\/[0-9]{5}$/, 'a claim number is NN/NNNNN');
/** A claim number as the provider API checks it (its message is for the claims system, not a claimant). */
export const providerClaimNumber = claimNumber;
const flag = z.boolean();

export const ProviderAddress = z.strictObject({
  Line1: z.string().trim().min(1).max(100),
  Line2: z.string().trim().max(100).default(''),
  Line3: z.string().trim().max(100).default(''),
});

export const ProviderClaim = z.strictObject({
  Number: claimNumber,
  AccidentDate: isoDate,
  Location: z.string().trim().max(100).nullable().default(null),
  StateTrustee: flag.default(false),
  BankEditAllowed: flag.default(true),
});

export const UpsertClaimantRequest = z.strictObject({
  Title: z.number().int().min(1).max(7).default(7),
  FirstName: z.string().trim().min(1).max(60),
  MiddleNames: z.string().trim().max(60).default(''),
  Surname: z.string().trim().min(1).max(60),
  DateOfBirth: isoDate,
  Email: z.email().max(254).nullable().default(null),
  Mobile: z
    .string()
    .regex(/^0[0-9]{9}$/, 'an Australian 10-digit mobile')
    .nullable()
    .default(null),
  HomeAddress: ProviderAddress.nullable().default(null),
  PostalAddress: ProviderAddress.nullable().default(null),
  MobileEditDisabled: flag.default(false),
  EmailEditDisabled: flag.default(false),
  /** Applied to the claimant's portal account once they have one. */
  VerifySignIn: flag.default(false),
  /** Claims are added or updated, never removed by omission. */
  Claims: z.array(ProviderClaim).max(50).default([]),
});
export const ClaimantResponse = z.object({
  ClaimantRef: z.string(),
  Title: z.number().int(),
  FirstName: z.string(),
  MiddleNames: z.string(),
  Surname: z.string(),
  DateOfBirth: isoDate,
  Registered: z.boolean(),
  /** The flags as stored, so a read-then-write keeps them. */
  MobileEditDisabled: z.boolean(),
  EmailEditDisabled: z.boolean(),
  VerifySignIn: z.boolean(),
  /**
   * Which kinds of second factor the claimant's account has, never the factors: all
   * false without an account. Read-only: `portal security reset` removes passkeys and authenticator.
   */
  SecondFactors: z.object({ Passkey: z.boolean(), Authenticator: z.boolean(), RecoveryCodes: z.boolean() }),
  Claims: z.array(
    z.object({
      Number: z.string(),
      AccidentDate: isoDate,
      Location: z.string().nullable(),
      StateTrustee: z.boolean(),
      BankEditAllowed: z.boolean(),
    }),
  ),
});
export const ClaimantRefParams = z.strictObject({
  ref: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash, underscore; at most 64'),
});

const extension = new RegExp(`\\.(${UPLOAD_TYPES.join('|')})$`, 'i');
export const ProviderAttachment = z.strictObject({
  Filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(extension, `one of ${UPLOAD_TYPES.join(', ')}`),
  ContentBase64: z.base64().max(14_000_000),
});
export const PostMessageRequest = z.strictObject({
  ClaimNumber: claimNumber,
  Subject: z.string().trim().min(1).max(200),
  Body: z.string().trim().min(1).max(10_000),
  /** When the claims system wrote it (defaults to now). */
  SentAt: z.iso.datetime({ offset: true }).optional(),
  Attachments: z.array(ProviderAttachment).max(5).default([]),
});
export const PostMessageResponse = z.object({ MessageId: z.string(), Notified: z.boolean() });

export const SentItemParams = z.strictObject({ id: z.string().min(1).max(64) });
export const SetSentItemStatusRequest = z.strictObject({
  Status: z.enum(SENT_ITEM_STATUSES),
  Note: z.string().trim().max(500).optional(),
});
export const SentItemStatusResponse = z.object({ Id: z.string(), Status: z.enum(SENT_ITEM_STATUSES) });

export const DETAILS_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const DetailsRequestsQuery = z.strictObject({ status: z.enum(DETAILS_REQUEST_STATUSES).default('pending') });
export const DetailsRequestView = z.object({
  RequestId: z.string(),
  ClaimantRef: z.string().nullable(),
  Status: z.enum(DETAILS_REQUEST_STATUSES),
  SubmittedAt: z.string(),
  Requested: z.object({
    FirstName: z.string(),
    MiddleNames: z.string(),
    Surname: z.string(),
    DateOfBirth: isoDate,
    Reason: z.string(),
    OtherReason: z.string(),
  }),
});
export const DetailsRequestList = z.object({ Items: z.array(DetailsRequestView) });
export const DetailsRequestParams = z.strictObject({ id: z.string().min(1).max(64) });
export const DecideDetailsRequest = z.strictObject({
  Decision: z.enum(['approved', 'declined']),
  Note: z.string().trim().max(500).optional(),
});
