import type { z } from 'zod';
import { Account, KeepAliveResponse, LoginRequest, LoginResponse } from './account.ts';
import {
  PreferencesResponse,
  UpdateBankDetailsRequest,
  UpdateContactDetailsRequest,
  UpdatePasswordRequest,
  UpdatePreferencesRequest,
} from './account-updates.ts';
import { ClaimList, SelectClaimRequest } from './claims.ts';
import { AddressLookupQuery, AddressSuggestions } from './address.ts';
import { AuthorityFormData } from './authority.ts';
import { VerifyBsbRequest, VerifyBsbResponse } from './bank.ts';
import { EmptyRequest, Ok } from './common.ts';
import { SubmitReimbursementRequest } from './reimbursement.ts';
import { ContactFormRequest, DetailsRequestRequest, FormCreatedResponse, SubmitFormRequest } from './requests.ts';
import { GetMessagesRequest, GetSentItemsRequest, InboxPage, MarkAsReadRequest, SentItemsPage } from './messages.ts';
import {
  CONTENT_NAMES,
  ContentParams,
  ContentResponse,
  ServiceDetailParams,
  ServiceDetailResponse,
  ServiceListResponse,
  SurveyAssessment,
  SurveyLoginRequest,
  SurveyLoginResponse,
  SurveyOutro,
  SurveyUpdateRequest,
} from './content.ts';
import {
  DiscardFileRequest,
  DownloadFileRequest,
  DownloadFileResponse,
  FileContentRequest,
  FileContentResponse,
} from './uploads.ts';
import {
  DiscardDraftRequest,
  DocumentDraftResponse,
  DraftDatesResponse,
  DraftResponse,
  DraftSaved,
  DraftTypeParams,
  SaveDocumentDraftRequest,
  SaveDraftRequest,
  SubmitDocumentsRequest,
  SubmitDraftFormRequest,
  SubmittedResponse,
} from './forms.ts';
import {
  CodeSentResponse,
  ExpireCodeRequest,
  GenerateCodeRequest,
  LoginTokenResponse,
  SecureTokenResponse,
  ValidateCodeRequest,
} from './identity.ts';
import {
  ForgotPasswordResponse,
  RecoveryRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  UsernameSentResponse,
} from './recovery.ts';
import {
  DropdownListRequest,
  DropdownListResponse,
  Information,
  MaintenanceMessages,
  PageViewRequest,
  UnreadCount,
} from './reference.ts';
import { ROUTES, type Route } from './routes.ts';

/** A call of the claimant API: its route (routes.ts) with the schemas both sides check it with. */
export type Endpoint = Route & {
  /** What the call does, for the API description (docs/api.md, OpenAPI). */
  summary: string;
  body?: z.ZodType;
  /** Path parameters, e.g. /api/content/:name. */
  params?: z.ZodType;
  /** GET calls: the query string's schema. */
  query?: z.ZodType;
  response: z.ZodType;
};

function post<R extends Route & { method: 'POST' }, B extends z.ZodType, S extends z.ZodType>(
  route: R,
  body: B,
  response: S,
  summary: string,
): R & { body: B; response: S; summary: string } {
  return { ...route, body, response, summary };
}

function get<R extends Route & { method: 'GET' }, S extends z.ZodType>(
  route: R,
  response: S,
  summary: string,
): R & { response: S; summary: string } {
  return { ...route, response, summary };
}

/** Every call of ROUTES, with its schemas. */
export const ENDPOINTS = {
  login: post(ROUTES.login, LoginRequest, LoginResponse, 'Sign in with username and password'),
  logout: post(ROUTES.logout, EmptyRequest, Ok, 'Sign out: revokes the session server-side'),
  keepAlive: post(ROUTES.keepAlive, EmptyRequest, KeepAliveResponse, 'Extends the idle time-out ("Stay signed in")'),
  getAccount: post(ROUTES.getAccount, EmptyRequest, Account, "The signed-in claimant's account"),
  verifyBankDetails: post(
    ROUTES.verifyBankDetails,
    EmptyRequest,
    Ok,
    'Marks the bank details as checked by the claimant',
  ),
  updatePreferences: post(
    ROUTES.updatePreferences,
    UpdatePreferencesRequest,
    PreferencesResponse,
    'Saves the SMS and e-mail preferences (both off forces e-mail on)',
  ),
  updatePassword: post(
    ROUTES.updatePassword,
    UpdatePasswordRequest,
    Ok,
    'Changes the password; every other session of the account ends',
  ),
  updateBankDetails: post(
    ROUTES.updateBankDetails,
    UpdateBankDetailsRequest,
    Ok,
    'Changes the bank details (needs a Bank secure token)',
  ),
  updateContactDetails: post(
    ROUTES.updateContactDetails,
    UpdateContactDetailsRequest,
    Ok,
    'Changes contact details (an e-mail or mobile change needs its secure token)',
  ),
  verifyBsb: post(
    ROUTES.verifyBsb,
    VerifyBsbRequest,
    VerifyBsbResponse,
    'The bank of a BSB, from the AusPayNet directory (empty when it cannot be paid into)',
  ),
  getClaims: post(ROUTES.getClaims, EmptyRequest, ClaimList, "The claimant's claims"),
  selectClaim: post(ROUTES.selectClaim, SelectClaimRequest, Ok, 'Selects a claim for this session'),
  deselectClaim: post(ROUTES.deselectClaim, EmptyRequest.or(SelectClaimRequest), Ok, 'Clears the selected claim'),
  getFileContent: post(
    ROUTES.getFileContent,
    FileContentRequest,
    FileContentResponse,
    'A document of the selected claim, base64',
  ),
  downloadFile: post(
    ROUTES.downloadFile,
    DownloadFileRequest,
    DownloadFileResponse,
    "One of the claimant's files as an attachment (streamed; Content-Disposition, nosniff, a sandboxing CSP)",
  ),
  discardFile: post(ROUTES.discardFile, DiscardFileRequest, Ok, 'Removes an uploaded document that has not been sent'),
  saveDocumentDraft: post(
    ROUTES.saveDocumentDraft,
    SaveDocumentDraftRequest,
    DraftSaved,
    'Saves the documents draft (debounced by the web app)',
  ),
  getDocumentDraft: post(
    ROUTES.getDocumentDraft,
    EmptyRequest,
    DocumentDraftResponse,
    'The documents draft of the selected claim, or null',
  ),
  saveDraft: {
    ...post(
      ROUTES.saveDraft,
      SaveDraftRequest,
      DraftSaved,
      'Saves the draft of a form that keeps drafts (documents, reimbursement)',
    ),
    params: DraftTypeParams,
  },
  getDraft: {
    ...post(ROUTES.getDraft, EmptyRequest, DraftResponse, 'The draft of that form for the selected claim, or null'),
    params: DraftTypeParams,
  },
  discardDraft: {
    ...post(ROUTES.discardDraft, DiscardDraftRequest, Ok, 'Deletes the draft of that form and its unsent files'),
    params: DraftTypeParams,
  },
  submitDraftForm: {
    ...post(
      ROUTES.submitDraftForm,
      SubmitDraftFormRequest,
      SubmittedResponse,
      "Sends a form that keeps drafts; the body is that form's submission (as submitdocumentform or submitreceipts)",
    ),
    params: DraftTypeParams,
  },
  discardDocumentDraft: post(
    ROUTES.discardDocumentDraft,
    DiscardDraftRequest,
    Ok,
    'Deletes the documents draft and its unsent files',
  ),
  submitDocuments: post(
    ROUTES.submitDocuments,
    SubmitDocumentsRequest,
    SubmittedResponse,
    'Sends the documents form (idempotent); recorded as a sent item, queued for the provider',
  ),
  submitReimbursement: post(
    ROUTES.submitReimbursement,
    SubmitReimbursementRequest,
    SubmittedResponse,
    'Sends the reimbursement claim (idempotent): receipts, who to pay, files; recorded as a sent item, queued for the provider',
  ),
  getDraftDates: post(
    ROUTES.getDraftDates,
    EmptyRequest,
    DraftDatesResponse,
    'When the documents draft was last edited',
  ),
  getAuthorityFormData: post(
    ROUTES.getAuthorityFormData,
    EmptyRequest,
    AuthorityFormData,
    'The details printed on the authority form',
  ),
  getMessages: post(
    ROUTES.getMessages,
    GetMessagesRequest,
    InboxPage,
    "A page of the selected claim's inbox, newest first",
  ),
  markAsRead: post(ROUTES.markAsRead, MarkAsReadRequest, Ok, "Marks one of the claimant's messages read"),
  getSentItems: post(
    ROUTES.getSentItems,
    GetSentItemsRequest,
    SentItemsPage,
    'A page of what the claimant sent for the selected claim, optionally of one SentItemTypes kind',
  ),
  uploadContactForm: post(
    ROUTES.uploadContactForm,
    ContactFormRequest,
    FormCreatedResponse,
    'Contact us, step 1: creates the enquiry; its files are uploaded with the returned Identifier as FormId',
  ),
  submitContactForm: post(
    ROUTES.submitContactForm,
    SubmitFormRequest,
    SubmittedResponse,
    'Contact us, step 3: sends the enquiry with its files (idempotent); recorded as a sent item, queued for the provider',
  ),
  uploadDetailsRequest: post(
    ROUTES.uploadDetailsRequest,
    DetailsRequestRequest,
    FormCreatedResponse,
    'Personal details change, step 1: creates the request; supporting files are uploaded with the returned Identifier as FormId',
  ),
  submitDetailsRequest: post(
    ROUTES.submitDetailsRequest,
    SubmitFormRequest,
    SubmittedResponse,
    "Personal details change, step 3: sends the request for the provider's approval (idempotent); the stored details change only when approved",
  ),
  getUnreadMessageCount: post(
    ROUTES.getUnreadMessageCount,
    EmptyRequest,
    UnreadCount,
    'Unread inbox messages of the selected claim',
  ),
  getInformation: get(ROUTES.getInformation, Information, 'Version, build commit and the provider identity'),
  addressLookup: {
    ...get(
      ROUTES.addressLookup,
      AddressSuggestions,
      'Address suggestions for a typed text; home addresses exclude delivery addresses (PO boxes)',
    ),
    query: AddressLookupQuery,
  },
  getContent: {
    ...get(
      ROUTES.getContent,
      ContentResponse,
      `A named HTML document of the content store (${CONTENT_NAMES.join(', ')})`,
    ),
    params: ContentParams,
  },
  serviceList: get(ROUTES.serviceList, ServiceListResponse, 'What the scheme can pay for'),
  serviceDetail: {
    ...get(ROUTES.serviceDetail, ServiceDetailResponse, 'One service, with its HTML content'),
    params: ServiceDetailParams,
  },
  surveyLogin: post(
    ROUTES.surveyLogin,
    SurveyLoginRequest,
    SurveyLoginResponse,
    'Self-assessment identity check: claim number and date of birth',
  ),
  surveyAssessment: post(
    ROUTES.surveyAssessment,
    EmptyRequest,
    SurveyAssessment,
    'The questions, with answers saved so far',
  ),
  surveyUpdate: post(
    ROUTES.surveyUpdate,
    SurveyUpdateRequest,
    Ok,
    'Saves the terms choice and answers as they are chosen',
  ),
  surveySubmit: post(ROUTES.surveySubmit, EmptyRequest, Ok, 'Submits the assessment (queued for the provider)'),
  surveyOutro: post(ROUTES.surveyOutro, EmptyRequest, SurveyOutro, 'Closing message; ends the survey session'),
  checkMaintenance: post(
    ROUTES.checkMaintenance,
    EmptyRequest,
    MaintenanceMessages,
    'Active maintenance messages; non-empty means maintenance',
  ),
  dropdownList: post(
    ROUTES.dropdownList,
    DropdownListRequest,
    DropdownListResponse,
    'A dropdown list, sorted by ElementNumber',
  ),
  register: post(
    ROUTES.register,
    RegisterRequest,
    RegisterResponse,
    'Registers a claimant with a claim on record; answers a registration token',
  ),
  retrieveUsername: post(
    ROUTES.retrieveUsername,
    RecoveryRequest,
    UsernameSentResponse,
    'Sends the username to the e-mail or mobile on record',
  ),
  forgotPassword: post(
    ROUTES.forgotPassword,
    RecoveryRequest,
    ForgotPasswordResponse,
    'Starts a password reset (single-use token, 30 minutes)',
  ),
  resetPassword: post(
    ROUTES.resetPassword,
    ResetPasswordRequest,
    ResetPasswordResponse,
    'Sets a new password; a code to the registered channel completes the sign-in',
  ),
  generateCodeForLogin: post(
    ROUTES.generateCodeForLogin,
    GenerateCodeRequest,
    CodeSentResponse,
    'Sends an activation or sign-in verification code',
  ),
  validateCodeForLogin: post(
    ROUTES.validateCodeForLogin,
    ValidateCodeRequest,
    LoginTokenResponse,
    'Checks the code; completes activation or sign-in',
  ),
  expireCodeForLogin: post(ROUTES.expireCodeForLogin, ExpireCodeRequest, Ok, 'Voids the outstanding login-flow code'),
  generateCodeWhileLoggedIn: post(
    ROUTES.generateCodeWhileLoggedIn,
    GenerateCodeRequest,
    CodeSentResponse,
    'Sends a code before a bank, mobile or e-mail edit',
  ),
  validateCodeWhileLoggedIn: post(
    ROUTES.validateCodeWhileLoggedIn,
    ValidateCodeRequest,
    SecureTokenResponse,
    'Checks the code; yields a secure token for that edit',
  ),
  expireCodeWhileLoggedIn: post(
    ROUTES.expireCodeWhileLoggedIn,
    ExpireCodeRequest,
    Ok,
    'Voids the outstanding code for that edit',
  ),
  pageView: post(ROUTES.pageView, PageViewRequest, Ok, 'First-party page-view record (no third-party analytics)'),
} satisfies { [K in keyof typeof ROUTES]: Endpoint };
