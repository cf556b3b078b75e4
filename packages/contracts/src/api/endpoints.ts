import type { z } from 'zod';
import { Account, KeepAliveResponse, LoginRequest, LoginResponse } from './account.ts';
import { PreferencesResponse, UpdateBankDetailsRequest, UpdateContactDetailsRequest, UpdatePasswordRequest, UpdatePreferencesRequest } from './account-updates.ts';
import { ClaimList, SelectClaimRequest } from './claims.ts';
import { AddressLookupQuery, AddressSuggestions } from './address.ts';
import { AuthorityFormData } from './authority.ts';
import { VerifyBsbRequest, VerifyBsbResponse } from './bank.ts';
import { EmptyRequest, Ok } from './common.ts';
import { SubmitReimbursementRequest } from './reimbursement.ts';
import { ContactFormRequest, DetailsRequestRequest, FormCreatedResponse, SubmitFormRequest } from './requests.ts';
import { GetMessagesRequest, GetSentItemsRequest, InboxPage, MarkAsReadRequest, SentItemsPage } from './messages.ts';
import { ContentParams, ContentResponse, ServiceDetailParams, ServiceDetailResponse, ServiceListResponse, SurveyAssessment, SurveyLoginRequest, SurveyLoginResponse, SurveyOutro, SurveyUpdateRequest } from './content.ts';
import { DiscardFileRequest, DownloadFileRequest, DownloadFileResponse, FileContentRequest, FileContentResponse } from './uploads.ts';
import { DiscardDraftRequest, DocumentDraftResponse, DraftDatesResponse, DraftResponse, DraftSaved, DraftTypeParams, SaveDocumentDraftRequest, SaveDraftRequest, SubmitDocumentsRequest, SubmitDraftFormRequest, SubmittedResponse } from './forms.ts';
import { CodeSentResponse, ExpireCodeRequest, GenerateCodeRequest, LoginTokenResponse, SecureTokenResponse, ValidateCodeRequest } from './identity.ts';
import { ForgotPasswordResponse, RecoveryRequest, RegisterRequest, RegisterResponse, ResetPasswordRequest, ResetPasswordResponse, UsernameSentResponse } from './recovery.ts';
import { DropdownListRequest, DropdownListResponse, Information, MaintenanceMessages, PageViewRequest, UnreadCount } from './reference.ts';

/**
 * public: no token; session: a signed-in token; claim: signed in with a selected claim;
 * pending: a registration or verification token (the login flow's access code);
 * survey: a self-assessment token (nidlogin), good for the survey calls only.
 */
export type Auth = 'public' | 'session' | 'claim' | 'pending' | 'survey';

export type Endpoint = {
  method: 'GET' | 'POST';
  path: string;
  auth: Auth;
  body?: z.ZodType;
  /** Path parameters, e.g. /api/content/:name. */
  params?: z.ZodType;
  /** GET calls: the query string's schema. */
  query?: z.ZodType;
  response: z.ZodType;
  summary: string;
};

function post<A extends Auth, B extends z.ZodType, R extends z.ZodType>(
  path: string,
  auth: A,
  body: B,
  response: R,
  summary: string,
): { method: 'POST'; path: string; auth: A; body: B; response: R; summary: string } {
  return { method: 'POST', path, auth, body, response, summary };
}

export const ENDPOINTS = {
  login: post('/api/account/login', 'public', LoginRequest, LoginResponse, 'Sign in with username and password'),
  logout: post('/api/account/logout', 'public', EmptyRequest, Ok, 'Sign out: revokes the session server-side'),
  keepAlive: post('/api/account/keepalive', 'session', EmptyRequest, KeepAliveResponse, 'Extends the idle time-out ("Stay signed in")'),
  getAccount: post('/api/account/getaccount', 'session', EmptyRequest, Account, 'The signed-in claimant\'s account'),
  verifyBankDetails: post('/api/account/verifybankdetails', 'session', EmptyRequest, Ok, 'Marks the bank details as checked by the claimant'),
  updatePreferences: post('/api/account/updatepreferences', 'session', UpdatePreferencesRequest, PreferencesResponse, 'Saves the SMS and e-mail preferences (both off forces e-mail on)'),
  updatePassword: post('/api/account/updatepassword', 'session', UpdatePasswordRequest, Ok, 'Changes the password; every other session of the account ends'),
  updateBankDetails: post('/api/account/updatebankaccountdetails', 'session', UpdateBankDetailsRequest, Ok, 'Changes the bank details (needs a Bank secure token)'),
  updateContactDetails: post('/api/account/updatecontactdetails', 'session', UpdateContactDetailsRequest, Ok, 'Changes contact details (an e-mail or mobile change needs its secure token)'),
  verifyBsb: post('/api/account/verifybsb', 'session', VerifyBsbRequest, VerifyBsbResponse, 'The bank of a BSB, from the AusPayNet directory (empty when it cannot be paid into)'),
  getClaims: post('/api/claim/getclaims', 'session', EmptyRequest, ClaimList, 'The claimant\'s claims'),
  selectClaim: post('/api/claim/selectclaim', 'session', SelectClaimRequest, Ok, 'Selects a claim for this session'),
  deselectClaim: post('/api/claim/deselectclaim', 'session', EmptyRequest.or(SelectClaimRequest), Ok, 'Clears the selected claim'),
  getFileContent: post('/api/documentupload/getfilecontent', 'claim', FileContentRequest, FileContentResponse, 'A document of the selected claim, base64'),
  downloadFile: post('/api/documentupload/downloadfile', 'claim', DownloadFileRequest, DownloadFileResponse, 'One of the claimant\'s files as an attachment (streamed; Content-Disposition, nosniff, a sandboxing CSP)'),
  discardFile: post('/api/documentupload/discardfile', 'claim', DiscardFileRequest, Ok, 'Removes an uploaded document that has not been sent'),
  saveDocumentDraft: post('/api/documentupload/updatedocumentform', 'claim', SaveDocumentDraftRequest, DraftSaved, 'Saves the documents draft (debounced by the web app)'),
  getDocumentDraft: post('/api/documentupload/getdraftdocumentform', 'claim', EmptyRequest, DocumentDraftResponse, 'The documents draft of the selected claim, or null'),
  saveDraft: { ...post('/api/documentupload/updateform/:type', 'claim', SaveDraftRequest, DraftSaved, 'Saves the draft of a form that keeps drafts (documents, reimbursement)'), params: DraftTypeParams },
  getDraft: { ...post('/api/documentupload/getdraft/:type', 'claim', EmptyRequest, DraftResponse, 'The draft of that form for the selected claim, or null'), params: DraftTypeParams },
  discardDraft: { ...post('/api/documentupload/discarddraft/:type', 'claim', DiscardDraftRequest, Ok, 'Deletes the draft of that form and its unsent files'), params: DraftTypeParams },
  submitDraftForm: { ...post('/api/documentupload/submit/:type', 'claim', SubmitDraftFormRequest, SubmittedResponse, 'Sends a form that keeps drafts; the body is that form\'s submission (as submitdocumentform or submitreceipts)'), params: DraftTypeParams },
  discardDocumentDraft: post('/api/documentupload/discarddraftdocuments', 'claim', DiscardDraftRequest, Ok, 'Deletes the documents draft and its unsent files'),
  submitDocuments: post('/api/documentupload/submitdocumentform', 'claim', SubmitDocumentsRequest, SubmittedResponse, 'Sends the documents form (idempotent); recorded as a sent item, queued for the provider'),
  submitReimbursement: post('/api/documentupload/submitreceipts', 'claim', SubmitReimbursementRequest, SubmittedResponse, 'Sends the reimbursement claim (idempotent): receipts, who to pay, files; recorded as a sent item, queued for the provider'),
  getDraftDates: post('/api/documentupload/getdraftdates', 'claim', EmptyRequest, DraftDatesResponse, 'When the documents draft was last edited'),
  getAuthorityFormData: post('/api/account/getauthorityformdata', 'claim', EmptyRequest, AuthorityFormData, 'The details printed on the authority form'),
  getMessages: post('/api/inbox/getmessages', 'claim', GetMessagesRequest, InboxPage, 'A page of the selected claim\'s inbox, newest first'),
  markAsRead: post('/api/inbox/markasread', 'claim', MarkAsReadRequest, Ok, 'Marks one of the claimant\'s messages read'),
  getSentItems: post('/api/documentupload/getsentitems', 'claim', GetSentItemsRequest, SentItemsPage, 'A page of what the claimant sent for the selected claim, optionally of one SentItemTypes kind'),
  uploadContactForm: post('/api/documentupload/uploadcontactform', 'claim', ContactFormRequest, FormCreatedResponse, 'Contact us, step 1: creates the enquiry; its files are uploaded with the returned Identifier as FormId'),
  submitContactForm: post('/api/documentupload/submitcontactform', 'claim', SubmitFormRequest, SubmittedResponse, 'Contact us, step 3: sends the enquiry with its files (idempotent); recorded as a sent item, queued for the provider'),
  uploadDetailsRequest: post('/api/documentupload/uploaddetailsrequest', 'claim', DetailsRequestRequest, FormCreatedResponse, 'Personal details change, step 1: creates the request; supporting files are uploaded with the returned Identifier as FormId'),
  submitDetailsRequest: post('/api/documentupload/submitdetailsrequest', 'claim', SubmitFormRequest, SubmittedResponse, 'Personal details change, step 3: sends the request for the provider\'s approval (idempotent); the stored details change only when approved'),
  getUnreadMessageCount: post('/api/inbox/getunreadmessagecount', 'claim', EmptyRequest, UnreadCount, 'Unread inbox messages of the selected claim'),
  getInformation: {
    method: 'GET' as const,
    path: '/api/information/getinformation',
    auth: 'public' as const,
    response: Information,
    summary: 'Version, build commit and the provider identity',
  },
  addressLookup: {
    method: 'GET' as const,
    path: '/api/addresslookup/AddressLookup',
    auth: 'public' as const,
    query: AddressLookupQuery,
    response: AddressSuggestions,
    summary: 'Address suggestions for a typed text; home addresses exclude delivery addresses (PO boxes)',
  },
  getContent: {
    method: 'GET' as const,
    path: '/api/content/:name',
    auth: 'public' as const,
    params: ContentParams,
    response: ContentResponse,
    summary: 'A named HTML document of the content store (terms, privacy, notice, servicelist, submitdocs, surveyintro)',
  },
  serviceList: { method: 'GET' as const, path: '/api/services/servicelist', auth: 'public' as const, response: ServiceListResponse, summary: 'What the scheme can pay for' },
  serviceDetail: {
    method: 'GET' as const,
    path: '/api/services/servicedetail/:id',
    auth: 'public' as const,
    params: ServiceDetailParams,
    response: ServiceDetailResponse,
    summary: 'One service, with its HTML content',
  },
  surveyLogin: post('/api/nid/nidlogin', 'public', SurveyLoginRequest, SurveyLoginResponse, 'Self-assessment identity check: claim number and date of birth'),
  surveyAssessment: post('/api/nid/getnidassessment', 'survey', EmptyRequest, SurveyAssessment, 'The questions, with answers saved so far'),
  surveyUpdate: post('/api/nid/updatenidassessment', 'survey', SurveyUpdateRequest, Ok, 'Saves the terms choice and answers as they are chosen'),
  surveySubmit: post('/api/nid/submitnidassessment', 'survey', EmptyRequest, Ok, 'Submits the assessment (queued for the provider)'),
  surveyOutro: post('/api/nid/getnidoutro', 'survey', EmptyRequest, SurveyOutro, 'Closing message; ends the survey session'),
  checkMaintenance: post('/api/maintenance/checkmessage', 'public', EmptyRequest, MaintenanceMessages, 'Active maintenance messages; non-empty means maintenance'),
  dropdownList: post('/api/dropdownlistdatasource/list', 'public', DropdownListRequest, DropdownListResponse, 'A dropdown list, sorted by ElementNumber'),
  register: post('/api/account/register', 'public', RegisterRequest, RegisterResponse, 'Registers a claimant with a claim on record; answers a registration token'),
  retrieveUsername: post('/api/account/retrieveusername', 'public', RecoveryRequest, UsernameSentResponse, 'Sends the username to the e-mail or mobile on record'),
  forgotPassword: post('/api/account/forgotpassword', 'public', RecoveryRequest, ForgotPasswordResponse, 'Starts a password reset (single-use token, 30 minutes)'),
  resetPassword: post('/api/account/resetpassword', 'public', ResetPasswordRequest, ResetPasswordResponse, 'Sets a new password; a code to the registered channel completes the sign-in'),
  generateCodeForLogin: post('/api/account/generatesecuritycodeforlogin', 'pending', GenerateCodeRequest, CodeSentResponse, 'Sends an activation or sign-in verification code'),
  validateCodeForLogin: post('/api/account/validatesecuritycodeforlogin', 'pending', ValidateCodeRequest, LoginTokenResponse, 'Checks the code; completes activation or sign-in'),
  expireCodeForLogin: post('/api/account/expiresecuritycodeforlogin', 'pending', ExpireCodeRequest, Ok, 'Voids the outstanding login-flow code'),
  generateCodeWhileLoggedIn: post('/api/account/generatesecuritycodewhileloggedin', 'session', GenerateCodeRequest, CodeSentResponse, 'Sends a code before a bank, mobile or e-mail edit'),
  validateCodeWhileLoggedIn: post('/api/account/validatesecuritycodewhileloggedin', 'session', ValidateCodeRequest, SecureTokenResponse, 'Checks the code; yields a secure token for that edit'),
  expireCodeWhileLoggedIn: post('/api/account/expiresecuritycodewhileloggedin', 'session', ExpireCodeRequest, Ok, 'Voids the outstanding code for that edit'),
  pageView: post('/api/analytics/pageview', 'public', PageViewRequest, Ok, 'First-party page-view record (no third-party analytics)'),
} satisfies Record<string, Endpoint>;
