/**
 * Helping someone with their claim (decision 041): which pages and calls a helper's scope lets
 * them reach (the invitation link's token is kept by helping-invitation.ts).
 *
 * What a page may offer is derived from the endpoint table: each page that a scope can close
 * names the call it exists for, and the call's declared helper level (contracts routes.ts) decides
 * (`scopeReaches`, the rule the server applies). Account pages name an account call, which has no
 * helper level: a helper acting for someone never opens them (the server would answer with the
 * helper's own account, never the claimant's).
 */
import { selectedClaimOf, useCachedClaims } from '../api/cached-claims.ts';
import { ROUTES, scopeReaches, type Claim, type HelperLevel, type Route, type RouteName } from '@portal/contracts';

export type Helping = NonNullable<Claim['Helping']>;

/** The call each closable page exists for, by its first path segment. Pages not listed: View reaches them. */
const PAGE_CALLS: Readonly<Record<string, RouteName>> = {
  '/forms': 'submitDocuments',
  '/submitdocuments': 'submitDocuments',
  '/thankyou-documents': 'submitDocuments',
  '/authorityform': 'getAuthorityFormData',
  // The claimant's name, date of birth, landline and addresses: Act (decision 041).
  '/claimant-details': 'getClaimantDetails',
  '/reimbursementform': 'submitReimbursement',
  '/thankyou-reimbursement': 'submitReimbursement',
  '/contactus': 'submitContactForm',
  '/thankyou-contact-us': 'submitContactForm',
  // The claimant's own account: bank details, contacts, password, second factors, helpers.
  '/account': 'getAccount',
  '/accountupdated': 'getAccount',
  '/personal-details': 'getAccount',
  '/contact-details': 'updateContactDetails',
  '/email-address': 'updateContactDetails',
  '/mobile-number': 'updateContactDetails',
  '/bank-details': 'updateBankDetails',
  '/updatepassword': 'updatePassword',
  '/activationaccountdetails': 'generateCodeWhileLoggedIn',
  '/activationbankdetails': 'generateCodeWhileLoggedIn',
};

/** The least scope the call needs, as the endpoint table declares it (none: no helper may make it). */
function levelOf(call: RouteName): HelperLevel | undefined {
  const route: Route = ROUTES[call];
  return route.helper;
}

function pageCall(path: string): RouteName | undefined {
  const first = `/${path.split(/[/?#]/)[1] ?? ''}`;
  return PAGE_CALLS[first];
}

/** May the person open this page of the selected claim? Always on their own claim; a helper as the scope reaches. */
export function mayOpen(helping: Helping | undefined, path: string): boolean {
  if (!helping) return true;
  const call = pageCall(path);
  return call === undefined || scopeReaches(helping.Scope, levelOf(call));
}

/** The scope in words: what the helper may do. */
export const SCOPE_WORDS: Readonly<Record<Helping['Scope'], string>> = {
  View: 'View only',
  Send: 'View and send',
  Act: 'View, send and act',
};

/** Said where a page offers a form the helper's scope does not reach (the form's button is not shown). */
export const NOT_IN_THE_HELP =
  'Sending this is not part of your help with this claim: the person you help can send it.';

/** For the selected claim, as the claims list is cached: may this page be offered? One's own claim: always. */
export function useMayOpen(): (path: string) => boolean {
  const helping = selectedClaimOf(useCachedClaims())?.Helping;
  return (path) => mayOpen(helping, path);
}
