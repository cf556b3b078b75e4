/**
 * What the shell needs to know about each route (route `handle`): page title (spec 000 §2 "page
 * titles are defined per route"), who may enter, the toolbar's left and right controls, the
 * breadcrumb and app-mode data.
 */

/**
 * login: signed-out only (/login, /login/m); signed-out: registration and recovery (a signed-in
 * claimant goes to /claims); registration / verification: a stored registration or sign-in
 * verification token (else /login); reset: signed out with a stored reset token (else /login);
 * public: anyone; session: signed in; claim: signed in with a selected claim; survey: a stored
 * self-assessment token, signed in or not (else /surveyvalidation).
 */
import { LIMITS } from '@portal/contracts';
import type { EndpointName } from '../lib/request/call-types.ts';

type RouteAccess =
  'login' | 'signed-out' | 'registration' | 'verification' | 'reset' | 'public' | 'session' | 'claim' | 'survey';
export type LeftControl = 'menu' | 'back' | 'cancel' | 'close' | 'none';
type RightControl = 'phone' | 'home' | 'none';

export type RouteMeta = {
  title: string;
  access: RouteAccess;
  left: LeftControl;
  right: RightControl;
  /** The breadcrumb after Home; defaults to the title. null: the page is Home itself. */
  crumb?: string | null;
  /** A section crumb between Home and the page's own (a service detail sits under its list). */
  section?: { label: string; to: string };
  /** Route data `mobile`: marks app mode (spec 000 §4). */
  mobile?: boolean;
  /** spec 001 §2: on the terms page nh=1 also hides the toolbar and footer. */
  nhHidesChrome?: boolean;
  /** Where back / cancel / close go when there is no earlier page in this tab. */
  parent?: string;
  /**
   * The reads the page makes as it first draws, beyond every claim page's (app/first-reads.ts):
   * sent as the app starts on it, each exactly as the page's own call sends it.
   */
  firstReads?: readonly FirstRead[];
};

/** One read: the endpoint, its body and path parameters as the page's call gives them. */
export type FirstRead = {
  name: EndpointName;
  /** The body, or how the page makes it from its address (its rule loaded on demand: the /login budget). */
  body?: Record<string, unknown> | ((url: URL) => Promise<Record<string, unknown>>);
  params?: Record<string, string>;
};

/** The first page of a list, as the inbox, sent items and payments ask for it (ten from the top). */
const FIRST_PAGE = { Offset: 0, Amount: LIMITS.pageSize };

async function paymentsFirstPage(url: URL): Promise<Record<string, unknown>> {
  const { currentFinancialYear, listedFinancialYear } = await import('../features/payments/lib/financial-year.ts');
  const year = listedFinancialYear(url.searchParams.get('year'), currentFinancialYear());
  return year === undefined ? FIRST_PAGE : { ...FIRST_PAGE, FinancialYear: year };
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return Boolean(value && typeof value === 'object' && 'title' in value && 'access' in value);
}

/**
 * A route's loader may name the page after what it loaded (a service detail is titled with the
 * service's name): loader data `{ pageTitle }` replaces the title — the h1, the last breadcrumb,
 * the document title and the page-change announcement — as the page is shown.
 */
type PageTitleData = { pageTitle?: string };

export function pageTitleOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !('pageTitle' in data)) return undefined;
  const title = (data as PageTitleData).pageTitle;
  return typeof title === 'string' && title.trim() !== '' ? title : undefined;
}

/** A route's meta: its title, who may enter, the toolbar's left and right controls, then the rest. */
function routeMeta(
  title: string,
  access: RouteAccess,
  left: LeftControl,
  right: RightControl,
  more: Omit<RouteMeta, 'title' | 'access' | 'left' | 'right'> = {},
): RouteMeta {
  return { title, access, left, right, ...more };
}

/**
 * Any address no route has, signed in or out: a page that says so and leads on (the spec sends
 * unknown paths to /claims; decision 036).
 */
export const NOT_FOUND_META = routeMeta('Page not found', 'public', 'back', 'phone');

/** The route used when a match carries no meta (should not happen: the error page). */
export const FALLBACK_META = routeMeta('Page', 'public', 'back', 'phone', { parent: '/claims' });

export const LOGIN_META = routeMeta('Sign in', 'login', 'none', 'phone');
export const LOGIN_APP_META: RouteMeta = { ...LOGIN_META, mobile: true };
export const CLAIMS_META = routeMeta('My claims', 'session', 'menu', 'phone');
export const CLAIM_HOME_META = routeMeta('Claim home', 'claim', 'menu', 'phone', {
  crumb: null,
  firstReads: [{ name: 'getClaimTasks' }, { name: 'getPaymentsSummary' }],
});
/** The invitation link of a person who helps (decision 041): open signed in or out. */
export const HELPING_META = routeMeta('Help with a claim', 'public', 'back', 'phone', { parent: '/claims' });
/**
 * The signed-in person's own passkeys and authenticator app, with or without a claim of their own
 * and while helping someone: acting for someone (Act) needs one (decision 041).
 */
export const SECURITY_META = routeMeta('Sign-in and security', 'session', 'back', 'phone', { parent: '/claims' });

// Identity: registration, activation, sign-in verification, recovery (spec 001 §2 titles).
export const REGISTER_META = routeMeta('Register', 'signed-out', 'back', 'phone', { parent: '/login' });
export const ACTIVATE_META = routeMeta('Activate', 'registration', 'back', 'phone', { parent: '/login' });
export const VERIFY_META = routeMeta('Verification code', 'verification', 'back', 'phone', { parent: '/login' });
export const FORGOT_USERNAME_META = routeMeta('Forgot username', 'signed-out', 'back', 'phone', { parent: '/login' });
export const SENT_USERNAME_META = routeMeta('Username', 'signed-out', 'back', 'phone', { parent: '/login' });
export const FORGOT_PASSWORD_META = routeMeta('Forgot password', 'signed-out', 'back', 'phone', { parent: '/login' });
export const RESET_PASSWORD_META = routeMeta('Reset password', 'reset', 'back', 'phone', { parent: '/login' });
/**
 * spec 000 "Access code screens": title 'Access Code' — named 'Verification code' like the sign-in
 * and registration codes, one name for the one 4-digit code (docs/decisions/027); part of the
 * Personal details section.
 */
export const ACCOUNT_DETAILS_CODE_META = routeMeta('Verification code', 'claim', 'back', 'home', {
  crumb: 'Personal details',
  parent: '/account',
});
export const BANK_DETAILS_CODE_META: RouteMeta = { ...ACCOUNT_DETAILS_CODE_META };

// Content: what we can pay for, the legal pages and the self-assessment (spec 001 §2).
export const SERVICES_META = routeMeta('What we can pay for', 'claim', 'back', 'home', { parent: '/claim' });
/** spec 001 §2 title 'Service Detail'; the loader replaces it with the service's name. */
export const SERVICE_DETAIL_META = routeMeta('Service detail', 'claim', 'back', 'home', {
  parent: '/services',
  section: { label: 'What we can pay for', to: '/services' },
});
// Titled as the links that open them (spec 001 §2 titles 'Disclaimer' and 'Privacy'; decision 036).
export const DISCLAIMER_META = routeMeta('Terms and conditions', 'public', 'close', 'none', { nhHidesChrome: true });
export const PRIVACY_META = routeMeta('Privacy policy', 'public', 'close', 'none');
export const NOTICE_META = routeMeta('Collection notice', 'public', 'close', 'none');
export const SURVEY_VALIDATION_META = routeMeta('My self-assessment', 'public', 'back', 'phone', { parent: '/login' });
export const SURVEY_INTRO_META = routeMeta('About my self-assessment', 'survey', 'back', 'phone', {
  crumb: 'My self-assessment',
  parent: '/surveyvalidation',
});
export const SURVEY_META = routeMeta('My self-assessment questions', 'survey', 'back', 'phone', {
  crumb: 'My self-assessment',
  parent: '/surveyintro',
});
export const SURVEY_OUTRO_META = routeMeta('My self-assessment', 'survey', 'none', 'phone');

// Documents: the hub, the documents form, the authority form and the thank-you pages. The hub is
// "Send documents" (the menus' name); its panels are named as the pages they open: the documents
// form (spec title 'Submit Documents') is "Upload documents" (decision 036).
export const FORMS_META = routeMeta('Send documents', 'claim', 'back', 'home', { parent: '/claim' });
export const SUBMIT_DOCUMENTS_META = routeMeta('Upload documents', 'claim', 'cancel', 'home', {
  firstReads: [{ name: 'getDocumentDraft' }],
  parent: '/forms',
  section: { label: 'Send documents', to: '/forms' },
});
export const AUTHORITY_META = routeMeta('Authority to release information form', 'claim', 'cancel', 'home', {
  parent: '/forms',
  section: { label: 'Send documents', to: '/forms' },
});
export const THANK_YOU_META = routeMeta('Thank you', 'claim', 'none', 'home', { parent: '/claim' });

// Account: My Details (also /accountupdated/{type}/{success}, the same page with a toast), the
// edit pages app mode opens instead of inline editing, and the password change.
// The spec's title 'My Details' is named as the menus name it: "Personal details" (decision 036).
export const ACCOUNT_META = routeMeta('Personal details', 'claim', 'back', 'home', {
  parent: '/claim',
  firstReads: [{ name: 'getSecurityFactors' }, { name: 'getHelpers' }],
});
const ACCOUNT_SECTION = { label: 'Personal details', to: '/account' };
const accountEditMeta = (title: string) =>
  routeMeta(title, 'claim', 'cancel', 'home', { parent: '/account', section: ACCOUNT_SECTION });
// Named as their blocks on /account, in sentence case.
export const PERSONAL_DETAILS_META = accountEditMeta('Name and date of birth');
export const CONTACT_DETAILS_META = accountEditMeta('Contact details');
export const EMAIL_ADDRESS_META = accountEditMeta('Email address');
export const MOBILE_NUMBER_META = accountEditMeta('Mobile number');
export const BANK_ACCOUNT_META = accountEditMeta('Bank account details');
export const UPDATE_PASSWORD_META = accountEditMeta('Change password');
/** A helper with Act: the claimant's details (decision 041), named as the menus name the claimant's own. */
export const CLAIMANT_DETAILS_META = routeMeta('Personal details', 'claim', 'back', 'home', { parent: '/claim' });

// Messaging: Send a message, Inbox, Sent items and the full-page details app mode opens
// (spec 001 §2: both spellings of the inbox-item, sent-items and sent-item paths). The sent-item
// detail is titled "Sent message" (spec 001 §4's "Sent Message", the inbox's route-leave rule).
// Sentence case: the spec's 'Send a Message' and 'Sent Items' read "Send a message" and
// "Sent items", as the menus and the pill tabs name them (decision 036).
const INBOX_SECTION = { label: 'Inbox', to: '/inbox' };
export const CONTACT_US_META = routeMeta('Send a message', 'claim', 'cancel', 'home', { parent: '/claim' });
export const INBOX_META = routeMeta('Inbox', 'claim', 'back', 'home', {
  parent: '/claim',
  firstReads: [{ name: 'getMessages', body: FIRST_PAGE }],
});
export const SENT_ITEMS_META = routeMeta('Sent items', 'claim', 'back', 'home', {
  firstReads: [
    { name: 'getSentItems', body: FIRST_PAGE },
    { name: 'dropdownList', body: { ListType: 'SentItemTypes' } },
  ],
  parent: '/inbox',
  section: INBOX_SECTION,
});
export const INBOX_ITEM_DETAIL_META = routeMeta('Message', 'claim', 'back', 'home', {
  parent: '/inbox',
  section: INBOX_SECTION,
});
export const SENT_ITEM_DETAIL_META = routeMeta('Sent message', 'claim', 'back', 'home', {
  parent: '/sentitems',
  section: { label: 'Sent items', to: '/sentitems' },
});

// Reimbursement: the claim form (spec 001 §2 title 'Claim reimbursement').
export const REIMBURSEMENT_META = routeMeta('Claim reimbursement', 'claim', 'cancel', 'home', {
  parent: '/claim',
  firstReads: [
    { name: 'getDraft', params: { type: 'reimbursement' } },
    { name: 'dropdownList', body: { ListType: 'ReceiptTypes' } },
  ],
});

// Payments: what the provider paid and scheduled on the claim (in the menus beside Inbox).
export const PAYMENTS_META = routeMeta('Payments', 'claim', 'back', 'home', {
  parent: '/claim',
  // This financial year's unless the address names another (?year=2025) or every year (?year=all).
  firstReads: [{ name: 'getPayments', body: paymentsFirstPage }],
});
