/** The provider API's table of calls: each with its scope and the schemas the server checks. */
import { z } from 'zod';
import { PROVIDER_API_PREFIX, type ProviderScope } from './protocol.ts';
import {
  ClaimantRefParams,
  ClaimantResponse,
  DecideDetailsRequest,
  DetailsRequestList,
  DetailsRequestParams,
  DetailsRequestsQuery,
  DetailsRequestView,
  PostMessageRequest,
  PostMessageResponse,
  SentItemParams,
  SentItemStatusResponse,
  SetSentItemStatusRequest,
  UpsertClaimantRequest,
} from './records.ts';
import {
  ListTypeParams,
  ProviderContentParams,
  PutContentRequest,
  PutListRequest,
  PutServiceRequest,
  PutSurveyRequest,
  ServiceParams,
  SetMaintenanceRequest,
} from './content.ts';
import {
  DecisionParams,
  DecisionResponse,
  PaymentList,
  PaymentsQuery,
  ProviderPayment,
  SetDecisionRequest,
  UpsertPaymentRequest,
} from './payments.ts';
import {
  AppointHelperRequest,
  ClaimHelpersParams,
  HelperAppointmentParams,
  ProviderHelper,
  ProviderHelperList,
} from './helpers.ts';

export const FileParams = z.strictObject({ id: z.string().min(1).max(64) });

export const Accepted = z.object({ Ok: z.literal(true) });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ProviderEndpoint = {
  method: Method;
  path: string;
  scope: ProviderScope;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** undefined: the answer is a file's bytes, or none (204). */
  response?: z.ZodType;
  /** A PUT that answers 201 when it created what it names (200 when it changed it). */
  creates?: true;
  /** The answer is 204 No Content. */
  noContent?: true;
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
  upsertPayment: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/payments`,
    scope: 'payments:write',
    body: UpsertPaymentRequest,
    response: ProviderPayment,
    summary:
      "Creates or updates a claim's payment by the claims system's Reference (unique per claim); the claimant is told when it is paid or returned",
  }),
  listPayments: op({
    method: 'GET',
    path: `${PROVIDER_API_PREFIX}/payments`,
    scope: 'payments:write',
    query: PaymentsQuery,
    response: PaymentList,
    summary: "A claim's payments, oldest payment date first, for reconciliation (paged by NextCursor)",
  }),
  setDecision: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/sent-items/:id/decision`,
    scope: 'decisions:write',
    params: DecisionParams,
    body: SetDecisionRequest,
    response: DecisionResponse,
    summary:
      'Records where a submission stands or its decision (with an optional PDF letter); the claimant is told of a decision',
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
  appointHelper: op({
    method: 'PUT',
    path: `${PROVIDER_API_PREFIX}/claims/:claimNumber/helpers/:ref`,
    scope: 'helpers:write',
    params: HelperAppointmentParams,
    body: AppointHelperRequest,
    response: ProviderHelper,
    creates: true,
    summary:
      'Appoints a helper the claims system has checked (View, Send or Act), by its own reference (unique per claim), ' +
      'or changes the appointment; the helper is sent an invitation link, the claimant is told',
  }),
  endHelperAppointment: op({
    method: 'DELETE',
    path: `${PROVIDER_API_PREFIX}/claims/:claimNumber/helpers/:ref`,
    scope: 'helpers:write',
    params: HelperAppointmentParams,
    noContent: true,
    summary: "Ends an appointed helper's access at once; the helper is told",
  }),
  listClaimHelpers: op({
    method: 'GET',
    path: `${PROVIDER_API_PREFIX}/claims/:claimNumber/helpers`,
    scope: 'helpers:write',
    params: ClaimHelpersParams,
    response: ProviderHelperList,
    summary: 'Every helper of a claim, appointed by the claims system or invited by the claimant, newest first',
  }),
  getFile: op({
    method: 'GET',
    path: `${PROVIDER_API_PREFIX}/files/:id`,
    scope: 'files:read',
    params: FileParams,
    summary: 'A submitted file, by the FileId in an outbox event',
  }),
} as const;
