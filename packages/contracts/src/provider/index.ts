/**
 * The provider API (/provider/v1): the claims system's side of the portal. Server-to-server,
 * authenticated with an API key (Authorization: Bearer <key>), JSON in and out, errors as
 * RFC 9457 problem details with ordinary HTTP statuses — not the claimant API's 225 lists.
 * Every write accepts an Idempotency-Key header: the same key and body give the same answer once.
 */
import { z } from 'zod';
import { UPLOAD_TYPES } from '../constants.ts';
import { isoDate } from '../api/common.ts';
import { SENT_ITEM_STATUSES } from '../api/messages.ts';
import { SERVICE_ICONS } from '../api/content.ts';
import { LIST_TYPES } from '../constants.ts';

export const PROVIDER_API_PREFIX = '/provider/v1';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const PROVIDER_SCOPES = [
  'claimants:write',
  'claimants:read',
  'messages:write',
  'sent-items:write',
  'details-requests:write',
  'content:write',
  'files:read',
] as const;
export type ProviderScope = (typeof PROVIDER_SCOPES)[number];

export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof Problem>;

const claimNumber = z.string().regex(/^[0-9]{2}\/[0-9]{5}$/, 'a claim number is NN/NNNNN');
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

export const SetMaintenanceRequest = z.strictObject({
  /** Messages shown on the sign-in page; an empty list ends maintenance. */
  Messages: z.array(z.string().trim().min(1).max(500)).max(5),
  EndsAt: z.iso.datetime({ offset: true }).optional(),
});
export const ProviderContentParams = z.strictObject({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export const PutContentRequest = z.strictObject({ Html: z.string().min(1).max(200_000) });

export const ServiceParams = z.strictObject({ id: z.coerce.number().int().positive().max(1_000_000) });
export const PutServiceRequest = z.strictObject({
  Name: z.string().trim().min(1).max(100),
  ExcessApplies: z.boolean(),
  Icon: z.enum(SERVICE_ICONS),
  Html: z.string().min(1).max(100_000),
  /** Position in the list (ascending). */
  Sort: z.number().int().min(0).max(1_000_000),
});

export const ListTypeParams = z.strictObject({ listType: z.enum(LIST_TYPES) });
export const PutListRequest = z.strictObject({
  /** The whole list, replacing the current one. Items the portal relies on by name ('Other', 'Reimbursement', the SentItemTypes) must stay. */
  Items: z
    .array(
      z.strictObject({
        Id: z.number().int().positive(),
        Item: z.string().trim().min(1).max(100),
        ElementNumber: z.number().int(),
      }),
    )
    .min(1)
    .max(200),
});

export const PutSurveyRequest = z.strictObject({
  /** The whole question bank, replacing the current one. */
  Questions: z
    .array(
      z.strictObject({
        Id: z.number().int().positive(),
        Html: z.string().min(1).max(5_000),
        Answers: z
          .array(z.strictObject({ Label: z.string().trim().min(1).max(100), Value: z.string().trim().min(1).max(50) }))
          .min(2)
          .max(10),
      }),
    )
    .min(1)
    .max(50),
});

export const FileParams = z.strictObject({ id: z.string().min(1).max(64) });

export const Accepted = z.object({ Ok: z.literal(true) });

type Method = 'GET' | 'POST' | 'PUT';
export type ProviderEndpoint = {
  method: Method;
  path: string;
  scope: ProviderScope;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** undefined: the answer is a file's bytes. */
  response?: z.ZodType;
  summary: string;
};

function op<E extends ProviderEndpoint>(e: E): E {
  return e;
}

export const PROVIDER_ENDPOINTS = {
  upsertClaimant: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/claimants/:ref`,
    scope: 'claimants:write',
    params: ClaimantRefParams,
    body: UpsertClaimantRequest,
    response: ClaimantResponse,
    summary: "Creates or updates a claimant and their claims, by the claims system's reference",
  }),
  getClaimant: op({
    method: 'GET',
    path: `${PROVIDER_API_PREFIX}/claimants/:ref`,
    scope: 'claimants:read',
    params: ClaimantRefParams,
    response: ClaimantResponse,
    summary: 'A claimant and their claims',
  }),
  postMessage: op({
    method: 'POST',
    path: `${PROVIDER_API_PREFIX}/messages`,
    scope: 'messages:write',
    body: PostMessageRequest,
    response: PostMessageResponse,
    summary: "Posts a message (with attachments) to a claim's inbox and notifies the claimant",
  }),
  setSentItemStatus: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/sent-items/:id/status`,
    scope: 'sent-items:write',
    params: SentItemParams,
    body: SetSentItemStatusRequest,
    response: SentItemStatusResponse,
    summary: "Sets where a claimant's submission stands: Received, In progress, Completed",
  }),
  listDetailsRequests: op({
    method: 'GET',
    path: `${PROVIDER_API_PREFIX}/details-requests`,
    scope: 'details-requests:write',
    query: DetailsRequestsQuery,
    response: DetailsRequestList,
    summary: 'Personal-details change requests, by status (pending by default)',
  }),
  decideDetailsRequest: op({
    method: 'POST',
    path: `${PROVIDER_API_PREFIX}/details-requests/:id/decision`,
    scope: 'details-requests:write',
    params: DetailsRequestParams,
    body: DecideDetailsRequest,
    response: DetailsRequestView,
    summary: 'Approves (the stored details change) or declines a change request; the claimant gets an inbox message',
  }),
  setMaintenance: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/maintenance`,
    scope: 'content:write',
    body: SetMaintenanceRequest,
    response: Accepted,
    summary: 'Sets or clears the maintenance messages',
  }),
  putContent: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/content/:name`,
    scope: 'content:write',
    params: ProviderContentParams,
    body: PutContentRequest,
    response: Accepted,
    summary: 'Replaces a content document (sanitised when stored)',
  }),
  putService: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/services/:id`,
    scope: 'content:write',
    params: ServiceParams,
    body: PutServiceRequest,
    response: Accepted,
    summary: 'Creates or replaces a service of "What we can pay for" (its page sanitised when stored)',
  }),
  putList: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/lists/:listType`,
    scope: 'content:write',
    params: ListTypeParams,
    body: PutListRequest,
    response: Accepted,
    summary: 'Replaces a dropdown list (ReceiptTypes, DocumentFormTypes, ContactCategories, …)',
  }),
  putSurvey: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/survey/questions`,
    scope: 'content:write',
    body: PutSurveyRequest,
    response: Accepted,
    summary: 'Replaces the self-assessment questions',
  }),
  getFile: op({
    method: 'GET',
    path: `${PROVIDER_API_PREFIX}/files/:id`,
    scope: 'files:read',
    params: FileParams,
    summary: 'A submitted file, by the FileId in an outbox event',
  }),
} as const;

/** The webhook the portal calls for every outbox event (see docs/provider-integration.md). */
export const WEBHOOK_HEADERS = {
  eventId: 'x-portal-event-id',
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
} as const;
/** A receiver should refuse a delivery whose timestamp is further than this from its clock. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;
export const ProviderEvent = z.object({
  EventId: z.string(),
  Type: z.string(),
  ClaimNumber: z.string(),
  ClaimantRef: z.string().nullable(),
  CreatedAt: z.string(),
  Data: z.unknown(),
});
export type ProviderEvent = z.infer<typeof ProviderEvent>;
