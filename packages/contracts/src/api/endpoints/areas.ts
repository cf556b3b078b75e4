/**
 * Which area table (endpoints/<area>.ts) holds each call's schemas — zod-free, like ROUTES.
 *
 * The web app checks an answer with its endpoint's response schema, and downloads and builds the
 * schemas of one area when a call of that area is first made (apps/web/src/lib/request-checks.ts),
 * not every schema of the API at once (decision 016): building zod schemas is main-thread work, and
 * /claim's first view needs a few areas only. The server and the API description read them all
 * through ENDPOINTS, gathered from the same area tables.
 *
 * Each area table is declared `satisfies AreaTable<'area'>` (define.ts): a call listed here and
 * missing from its table, or in a table and not listed here, is a type error; a call of ROUTES in
 * no list is one below.
 */
import type { RouteName } from '../routes.ts';

export const ENDPOINT_AREAS = {
  account: [
    'login',
    'logout',
    'keepAlive',
    'getAccount',
    'verifyBankDetails',
    'updatePreferences',
    'updatePassword',
    'updateBankDetails',
    'updateContactDetails',
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
  payments: ['getPayments', 'getSentItemProgress', 'getPaymentsSummary', 'getPaymentStatement'],
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
