/**
 * Where each claimant API call lives and who may make it — without its schemas, so this module
 * (and whatever imports only it) does not load zod. endpoints.ts adds each call's request and
 * response schemas and its summary to these entries to make ENDPOINTS; the web app's start-up and
 * sign-in code reads paths from here, so a first visit does not download every schema (the /login
 * budget).
 */

/**
 * public: no token; session: a signed-in token; claim: signed in with a selected claim;
 * pending: a registration or verification token (the login flow's access code);
 * survey: a self-assessment token (nidlogin), good for the survey calls only.
 */
export type Auth = 'public' | 'session' | 'claim' | 'pending' | 'survey';

import type { HelperLevel } from './helper-level.ts';

export type Route = {
  method: 'GET' | 'POST';
  /** Same-origin; `:name` marks a path parameter (e.g. /api/content/:name). */
  path: string;
  auth: Auth;
  helper?: HelperLevel;
};

export const ROUTES = {
  login: { method: 'POST', path: '/api/account/login', auth: 'public' },
  logout: { method: 'POST', path: '/api/account/logout', auth: 'public' },
  rememberSession: { method: 'POST', path: '/api/account/remembersession', auth: 'session' },
  resumeSession: { method: 'POST', path: '/api/account/resumesession', auth: 'public' },
  keepAlive: { method: 'POST', path: '/api/account/keepalive', auth: 'session' },
  getAccount: { method: 'POST', path: '/api/account/getaccount', auth: 'session' },
  verifyBankDetails: { method: 'POST', path: '/api/account/verifybankdetails', auth: 'session' },
  updatePreferences: { method: 'POST', path: '/api/account/updatepreferences', auth: 'session' },
  updatePassword: { method: 'POST', path: '/api/account/updatepassword', auth: 'session' },
  updateBankDetails: { method: 'POST', path: '/api/account/updatebankaccountdetails', auth: 'session' },
  updateContactDetails: { method: 'POST', path: '/api/account/updatecontactdetails', auth: 'session' },
  getClaimantDetails: { method: 'POST', path: '/api/account/getclaimantdetails', auth: 'claim', helper: 'act' },
  updateClaimantContactDetails: {
    method: 'POST',
    path: '/api/account/updateclaimantcontactdetails',
    auth: 'claim',
    helper: 'act',
  },
  verifyBsb: { method: 'POST', path: '/api/account/verifybsb', auth: 'session' },
  getClaims: { method: 'POST', path: '/api/claim/getclaims', auth: 'session' },
  selectClaim: { method: 'POST', path: '/api/claim/selectclaim', auth: 'session' },
  deselectClaim: { method: 'POST', path: '/api/claim/deselectclaim', auth: 'session' },
  getFileContent: { method: 'POST', path: '/api/documentupload/getfilecontent', auth: 'claim', helper: 'view' },
  downloadFile: { method: 'POST', path: '/api/documentupload/downloadfile', auth: 'claim', helper: 'view' },
  discardFile: { method: 'POST', path: '/api/documentupload/discardfile', auth: 'claim', helper: 'send' },
  saveDocumentDraft: { method: 'POST', path: '/api/documentupload/updatedocumentform', auth: 'claim', helper: 'send' },
  getDocumentDraft: { method: 'POST', path: '/api/documentupload/getdraftdocumentform', auth: 'claim', helper: 'send' },
  saveDraft: { method: 'POST', path: '/api/documentupload/updateform/:type', auth: 'claim', helper: 'send' },
  getDraft: { method: 'POST', path: '/api/documentupload/getdraft/:type', auth: 'claim', helper: 'send' },
  discardDraft: { method: 'POST', path: '/api/documentupload/discarddraft/:type', auth: 'claim', helper: 'send' },
  submitDraftForm: { method: 'POST', path: '/api/documentupload/submit/:type', auth: 'claim', helper: 'send' },
  discardDocumentDraft: {
    method: 'POST',
    path: '/api/documentupload/discarddraftdocuments',
    auth: 'claim',
    helper: 'send',
  },
  submitDocuments: { method: 'POST', path: '/api/documentupload/submitdocumentform', auth: 'claim', helper: 'send' },
  submitReimbursement: { method: 'POST', path: '/api/documentupload/submitreceipts', auth: 'claim', helper: 'send' },
  getDraftDates: { method: 'POST', path: '/api/documentupload/getdraftdates', auth: 'claim', helper: 'send' },
  getAuthorityFormData: { method: 'POST', path: '/api/account/getauthorityformdata', auth: 'claim', helper: 'act' },
  getMessages: { method: 'POST', path: '/api/inbox/getmessages', auth: 'claim', helper: 'view' },
  markAsRead: { method: 'POST', path: '/api/inbox/markasread', auth: 'claim', helper: 'view' },
  getSentItems: { method: 'POST', path: '/api/documentupload/getsentitems', auth: 'claim', helper: 'view' },
  uploadContactForm: { method: 'POST', path: '/api/documentupload/uploadcontactform', auth: 'claim', helper: 'send' },
  submitContactForm: { method: 'POST', path: '/api/documentupload/submitcontactform', auth: 'claim', helper: 'send' },
  uploadDetailsRequest: {
    method: 'POST',
    path: '/api/documentupload/uploaddetailsrequest',
    auth: 'claim',
    helper: 'act',
  },
  submitDetailsRequest: {
    method: 'POST',
    path: '/api/documentupload/submitdetailsrequest',
    auth: 'claim',
    helper: 'act',
  },
  getUnreadMessageCount: { method: 'POST', path: '/api/inbox/getunreadmessagecount', auth: 'claim', helper: 'view' },
  getPayments: { method: 'POST', path: '/api/payments/getpayments', auth: 'claim', helper: 'view' },
  getSentItemProgress: { method: 'POST', path: '/api/payments/getsentitemprogress', auth: 'claim', helper: 'view' },
  getPaymentsSummary: { method: 'POST', path: '/api/payments/getsummary', auth: 'claim', helper: 'view' },
  getPaymentStatement: { method: 'POST', path: '/api/payments/getstatement', auth: 'claim', helper: 'view' },
  getClaimTasks: { method: 'POST', path: '/api/claim/gettasks', auth: 'claim', helper: 'view' },
  getInformation: { method: 'GET', path: '/api/information/getinformation', auth: 'public' },
  addressLookup: { method: 'GET', path: '/api/addresslookup/AddressLookup', auth: 'public' },
  getContent: { method: 'GET', path: '/api/content/:name', auth: 'public' },
  serviceList: { method: 'GET', path: '/api/services/servicelist', auth: 'public' },
  serviceDetail: { method: 'GET', path: '/api/services/servicedetail/:id', auth: 'public' },
  surveyLogin: { method: 'POST', path: '/api/nid/nidlogin', auth: 'public' },
  surveyAssessment: { method: 'POST', path: '/api/nid/getnidassessment', auth: 'survey' },
  surveyUpdate: { method: 'POST', path: '/api/nid/updatenidassessment', auth: 'survey' },
  surveySubmit: { method: 'POST', path: '/api/nid/submitnidassessment', auth: 'survey' },
  surveyOutro: { method: 'POST', path: '/api/nid/getnidoutro', auth: 'survey' },
  checkMaintenance: { method: 'POST', path: '/api/maintenance/checkmessage', auth: 'public' },
  dropdownList: { method: 'POST', path: '/api/dropdownlistdatasource/list', auth: 'public' },
  register: { method: 'POST', path: '/api/account/register', auth: 'public' },
  retrieveUsername: { method: 'POST', path: '/api/account/retrieveusername', auth: 'public' },
  forgotPassword: { method: 'POST', path: '/api/account/forgotpassword', auth: 'public' },
  resetPassword: { method: 'POST', path: '/api/account/resetpassword', auth: 'public' },
  generateCodeForLogin: { method: 'POST', path: '/api/account/generatesecuritycodeforlogin', auth: 'pending' },
  validateCodeForLogin: { method: 'POST', path: '/api/account/validatesecuritycodeforlogin', auth: 'pending' },
  expireCodeForLogin: { method: 'POST', path: '/api/account/expiresecuritycodeforlogin', auth: 'pending' },
  generateCodeWhileLoggedIn: {
    method: 'POST',
    path: '/api/account/generatesecuritycodewhileloggedin',
    auth: 'session',
  },
  validateCodeWhileLoggedIn: {
    method: 'POST',
    path: '/api/account/validatesecuritycodewhileloggedin',
    auth: 'session',
  },
  expireCodeWhileLoggedIn: { method: 'POST', path: '/api/account/expiresecuritycodewhileloggedin', auth: 'session' },
  getSecurityFactors: { method: 'POST', path: '/api/security/getfactors', auth: 'session' },
  sendSecurityCode: { method: 'POST', path: '/api/security/sendsecuritycode', auth: 'session' },
  stepUpPasskeyOptions: { method: 'POST', path: '/api/security/stepuppasskeyoptions', auth: 'session' },
  stepUp: { method: 'POST', path: '/api/security/stepup', auth: 'session' },
  passkeyRegistrationOptions: { method: 'POST', path: '/api/security/passkeyregistrationoptions', auth: 'session' },
  registerPasskey: { method: 'POST', path: '/api/security/registerpasskey', auth: 'session' },
  renamePasskey: { method: 'POST', path: '/api/security/renamepasskey', auth: 'session' },
  removePasskey: { method: 'POST', path: '/api/security/removepasskey', auth: 'session' },
  setUpAuthenticator: { method: 'POST', path: '/api/security/setupauthenticator', auth: 'session' },
  confirmAuthenticator: { method: 'POST', path: '/api/security/confirmauthenticator', auth: 'session' },
  removeAuthenticator: { method: 'POST', path: '/api/security/removeauthenticator', auth: 'session' },
  newRecoveryCodes: { method: 'POST', path: '/api/security/newrecoverycodes', auth: 'session' },
  loginFactors: { method: 'POST', path: '/api/security/loginfactors', auth: 'pending' },
  loginPasskeyOptions: { method: 'POST', path: '/api/security/loginpasskeyoptions', auth: 'pending' },
  verifyLoginWithFactor: { method: 'POST', path: '/api/security/verifylogin', auth: 'pending' },
  passkeySignInOptions: { method: 'POST', path: '/api/security/passkeysigninoptions', auth: 'public' },
  passkeySignIn: { method: 'POST', path: '/api/security/passkeysignin', auth: 'public' },
  getHelpers: { method: 'POST', path: '/api/helpers/gethelpers', auth: 'session' },
  inviteHelper: { method: 'POST', path: '/api/helpers/invite', auth: 'session' },
  withdrawInvitation: { method: 'POST', path: '/api/helpers/withdraw', auth: 'session' },
  endHelper: { method: 'POST', path: '/api/helpers/end', auth: 'session' },
  changeHelper: { method: 'POST', path: '/api/helpers/change', auth: 'session' },
  endAllHelpers: { method: 'POST', path: '/api/helpers/endall', auth: 'session' },
  getHelperActivity: { method: 'POST', path: '/api/helpers/getactivity', auth: 'session' },
  getInvitation: { method: 'POST', path: '/api/helpers/getinvitation', auth: 'public' },
  registerHelper: { method: 'POST', path: '/api/helpers/register', auth: 'public' },
  acceptInvitation: { method: 'POST', path: '/api/helpers/accept', auth: 'session' },
  leaveHelping: { method: 'POST', path: '/api/helpers/leave', auth: 'session' },
  pageView: { method: 'POST', path: '/api/analytics/pageview', auth: 'public' },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/**
 * Which area table (endpoints/<area>.ts) holds each call's schemas: zod-free, and beside ROUTES
 * (next to it in the web app's entry chunk, where its names compress against ROUTES' own).
 *
 * The web app checks an answer with its endpoint's response schema, and downloads and builds the
 * schemas of one area when a call of that area is first made (the web app's request checks),
 * not every schema of the API at once (decision 016): building zod schemas is main-thread work, and
 * /claim's first view needs a few areas only. The server and the API description read them all
 * through ENDPOINTS, gathered from the same area tables.
 *
 * Each area table is declared `satisfies AreaTable<'area'>` (define.ts): a call listed here and
 * missing from its table, or in a table and not listed here, is a type error; a call of ROUTES in
 * no list is one below.
 */
export const ENDPOINT_AREAS = {
  account: [
    'login',
    'logout',
    'rememberSession',
    'resumeSession',
    'keepAlive',
    'getAccount',
    'verifyBankDetails',
    'updatePreferences',
    'updatePassword',
    'updateBankDetails',
    'updateContactDetails',
    'getClaimantDetails',
    'updateClaimantContactDetails',
    'verifyBsb',
    'getClaims',
    'selectClaim',
    'deselectClaim',
  ],
  forms: [
    'getFileContent',
    'downloadFile',
    'discardFile',
    'saveDocumentDraft',
    'getDocumentDraft',
    'saveDraft',
    'getDraft',
    'discardDraft',
    'submitDraftForm',
    'discardDocumentDraft',
    'submitDocuments',
    'submitReimbursement',
    'getDraftDates',
    'getAuthorityFormData',
  ],
  messages: [
    'getMessages',
    'markAsRead',
    'getSentItems',
    'uploadContactForm',
    'submitContactForm',
    'uploadDetailsRequest',
    'submitDetailsRequest',
    'getUnreadMessageCount',
  ],
  payments: ['getPayments', 'getSentItemProgress', 'getPaymentsSummary', 'getPaymentStatement', 'getClaimTasks'],
  content: [
    'getInformation',
    'addressLookup',
    'getContent',
    'serviceList',
    'serviceDetail',
    'surveyLogin',
    'surveyAssessment',
    'surveyUpdate',
    'surveySubmit',
    'surveyOutro',
    'checkMaintenance',
    'dropdownList',
  ],
  signIn: [
    'register',
    'retrieveUsername',
    'forgotPassword',
    'resetPassword',
    'generateCodeForLogin',
    'validateCodeForLogin',
    'expireCodeForLogin',
    'generateCodeWhileLoggedIn',
    'validateCodeWhileLoggedIn',
    'expireCodeWhileLoggedIn',
  ],
  security: [
    'getSecurityFactors',
    'sendSecurityCode',
    'stepUpPasskeyOptions',
    'stepUp',
    'passkeyRegistrationOptions',
    'registerPasskey',
    'renamePasskey',
    'removePasskey',
    'setUpAuthenticator',
    'confirmAuthenticator',
    'removeAuthenticator',
    'newRecoveryCodes',
    'loginFactors',
    'loginPasskeyOptions',
    'verifyLoginWithFactor',
    'passkeySignInOptions',
    'passkeySignIn',
  ],
  analytics: ['pageView'],
  helpers: [
    'getHelpers',
    'inviteHelper',
    'withdrawInvitation',
    'endHelper',
    'changeHelper',
    'endAllHelpers',
    'getHelperActivity',
    'getInvitation',
    'registerHelper',
    'acceptInvitation',
    'leaveHelping',
  ],
} as const satisfies Record<string, readonly RouteName[]>;

export type EndpointArea = keyof typeof ENDPOINT_AREAS;

/** The calls of one area. */
export type AreaCall<A extends EndpointArea> = (typeof ENDPOINT_AREAS)[A][number];

type Unlisted = Exclude<RouteName, AreaCall<EndpointArea>>;
/** A call of ROUTES in no area fails here, naming the call. */
export const EVERY_CALL_HAS_AN_AREA: [Unlisted] extends [never] ? true : { unlisted: Unlisted } = true;

let areaOf: Map<string, EndpointArea> | undefined;

/** The area whose table holds this call's schemas. */
export function endpointArea(name: RouteName): EndpointArea {
  areaOf ??= new Map(
    Object.entries(ENDPOINT_AREAS).flatMap(([area, names]) => names.map((n) => [n, area as EndpointArea] as const)),
  );
  const area = areaOf.get(name);
  if (area === undefined) throw new Error(`No endpoint area lists the call ${name}.`);
  return area;
}
