/**
 * The route table. Each page is declared once, with its feature: `route(path, meta, page)` gives
 * it its meta (the route's `handle`: title, toolbar controls, breadcrumb, app mode), the guard that
 * meta implies (app/guards.ts, run as the loader) and its lazily loaded component (the first visit
 * to /login downloads only the shell and the login page).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { createGuard } from './guards.ts';
import type { LazyQueryClient } from './lazy-query-client.ts';
import {
  ACCOUNT_DETAILS_CODE_META,
  ACCOUNT_META,
  ACTIVATE_META,
  AUTHORITY_META,
  BANK_ACCOUNT_META,
  BANK_DETAILS_CODE_META,
  CLAIM_HOME_META,
  CLAIMS_META,
  CONTACT_DETAILS_META,
  CONTACT_US_META,
  DISCLAIMER_META,
  EMAIL_ADDRESS_META,
  FORGOT_PASSWORD_META,
  FORGOT_USERNAME_META,
  FORMS_META,
  HELPING_META,
  SECURITY_META,
  INBOX_ITEM_DETAIL_META,
  INBOX_META,
  LOGIN_APP_META,
  LOGIN_META,
  MOBILE_NUMBER_META,
  NOT_FOUND_META,
  NOTICE_META,
  PAYMENTS_META,
  PERSONAL_DETAILS_META,
  CLAIMANT_DETAILS_META,
  PRIVACY_META,
  REGISTER_META,
  REIMBURSEMENT_META,
  RESET_PASSWORD_META,
  SENT_ITEM_DETAIL_META,
  SENT_ITEMS_META,
  SENT_USERNAME_META,
  SERVICE_DETAIL_META,
  SERVICES_META,
  SUBMIT_DOCUMENTS_META,
  SURVEY_INTRO_META,
  SURVEY_META,
  SURVEY_OUTRO_META,
  SURVEY_VALIDATION_META,
  THANK_YOU_META,
  UPDATE_PASSWORD_META,
  VERIFY_META,
  type RouteMeta,
} from './route-meta.ts';
import { AppShell } from './shell/app-shell.tsx';
import { RouteError, StartupScreen } from './shell/route-error.tsx';

/** A page's component, downloaded when its route is first entered. */
type Page = () => Promise<ComponentType>;
/** A loader beyond the guard, downloaded with its route (it brings the contracts' schemas). */
type RouteData = () => Promise<(client: QueryClient, args: LoaderFunctionArgs) => unknown>;

// Modules holding several pages (one chunk each).
// /login, /verify, the step-ups and My Details offer the second factors: the app composes them (app/compose).
const loginPage: Page = () => import('./compose/login-page.tsx').then((m) => m.LoginWithPasskeyPage);
const stepUpPages = () => import('./compose/step-up-pages.tsx');
const accessCodePages = () => import('../features/access-code/pages/access-code-page.tsx');
const legalPages = () => import('../features/legal/pages/legal-pages.tsx');
const thankYouPages = () => import('../features/documents/pages/thank-you-pages.tsx');
const accountEditPages = () => import('../features/account/pages/edit-pages.tsx');

const claimsPage: Page = () => import('../features/claims/pages/claims-page.tsx').then((m) => m.ClaimsPage);
const claimsData: RouteData = () =>
  import('../features/claims/pages/claims-loader.ts').then((m) => (client) => m.createClaimsLoader(client)());
// The invitation link of a person who helps: /helping#invitation=… (decision 041).
const helpingPage: Page = () => import('../features/helping/pages/helping-page.tsx').then((m) => m.HelpingPage);
const claimHomePage: Page = () =>
  Promise.all([
    import('../features/home/pages/claim-home-page.tsx'),
    import('../features/payments/components/home-payments-panel.tsx'),
  ]).then(([m, p]) => withProps(m.ClaimHomePage, { paymentsPanel: p.HomePaymentsPanel }));

const sentItemProgress = () => import('../features/payments/components/sent-item-progress.tsx');

/** A page given what another feature draws inside it: features do not import each other, the app composes them. */
function withProps<P extends object>(Page: ComponentType<P>, props: P): ComponentType {
  return function Composed() {
    return <Page {...props} />;
  };
}

/** Routes that only redirect render nothing (their loader never lets them render). */
function Redirecting() {
  return null;
}

function routeMaker(queryClient: LazyQueryClient) {
  /**
   * A page at one path or several (spellings of the same page). Every page but sign-in renders
   * with the query client made (TanStack Query downloaded with the page); /login does without it
   * (the /login budget, lazy-query-client.ts). `data` runs after the guard, downloaded beside it.
   */
  return (paths: string | readonly string[], meta: RouteMeta, page: Page, data?: RouteData): RouteObject[] => {
    const guard = createGuard(meta, queryClient);
    const loader = data
      ? async (args: LoaderFunctionArgs) => {
          const loading = Promise.all([data(), queryClient.load()]);
          await guard(args);
          const [load, client] = await loading;
          return load(client, args);
        }
      : guard;
    const lazy =
      meta.access === 'login'
        ? () => page().then((Component) => ({ Component }))
        : () => Promise.all([page(), queryClient.load()]).then(([Component]) => ({ Component }));
    return (typeof paths === 'string' ? [paths] : paths).map((path) => ({ path, handle: meta, loader, lazy }));
  };
}

export function createRoutes(queryClient: LazyQueryClient): RouteObject[] {
  const route = routeMaker(queryClient);

  const pages = [
    route('login', LOGIN_META, loginPage),
    route('login/m', LOGIN_APP_META, loginPage),
    route('claims', CLAIMS_META, claimsPage, claimsData),
    route('helping', HELPING_META, helpingPage),
    route('security', SECURITY_META, () => import('./compose/account-page.tsx').then((m) => m.SecurityPage)),
    route('claim', CLAIM_HOME_META, claimHomePage),
    // Identity: registration, activation and sign-in verification, recovery, access codes.
    route('register', REGISTER_META, () =>
      import('../features/registration/pages/register-page.tsx').then((m) => m.RegisterPage),
    ),
    route('activate', ACTIVATE_META, () => accessCodePages().then((m) => m.ActivatePage)),
    route('verify', VERIFY_META, () => import('./compose/verify-page.tsx').then((m) => m.VerifyWithFactorsPage)),
    route('forgotusername', FORGOT_USERNAME_META, () =>
      import('../features/recovery/pages/forgot-username-page.tsx').then((m) => m.ForgotUsernamePage),
    ),
    route('sentusername', SENT_USERNAME_META, () =>
      import('../features/recovery/pages/sent-username-page.tsx').then((m) => m.SentUsernamePage),
    ),
    route('forgotpassword', FORGOT_PASSWORD_META, () =>
      import('../features/recovery/pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
    ),
    route('resetpassword', RESET_PASSWORD_META, () =>
      import('../features/recovery/pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
    ),
    route('activationaccountdetails', ACCOUNT_DETAILS_CODE_META, () =>
      stepUpPages().then((m) => m.AccountDetailsStepUpPage),
    ),
    route('activationbankdetails', BANK_DETAILS_CODE_META, () => stepUpPages().then((m) => m.BankDetailsStepUpPage)),
    // Content: what we can pay for, the legal pages and the self-assessment.
    route('services', SERVICES_META, () =>
      import('../features/services/pages/services-page.tsx').then((m) => m.ServicesPage),
    ),
    route(
      'services/:id',
      SERVICE_DETAIL_META,
      () => import('../features/services/pages/service-detail-page.tsx').then((m) => m.ServiceDetailPage),
      () =>
        import('../features/services/pages/service-detail-loader.ts').then(
          (m) => (client, args) => m.createServiceDetailLoader(client)(args),
        ),
    ),
    route('disclaimer', DISCLAIMER_META, () => legalPages().then((m) => m.DisclaimerPage)),
    route('privacypolicy', PRIVACY_META, () => legalPages().then((m) => m.PrivacyPage)),
    route('notice', NOTICE_META, () => legalPages().then((m) => m.NoticePage)),
    route(['surveyvalidation', 'myneeds'], SURVEY_VALIDATION_META, () =>
      import('../features/survey/pages/survey-validation-page.tsx').then((m) => m.SurveyValidationPage),
    ),
    route('surveyintro', SURVEY_INTRO_META, () =>
      import('../features/survey/pages/survey-intro-page.tsx').then((m) => m.SurveyIntroPage),
    ),
    route('survey', SURVEY_META, () => import('../features/survey/pages/survey-page.tsx').then((m) => m.SurveyPage)),
    route('surveyoutro', SURVEY_OUTRO_META, () =>
      import('../features/survey/pages/survey-outro-page.tsx').then((m) => m.SurveyOutroPage),
    ),
    // Documents: the hub, the documents form, the authority form and the thank-you pages.
    route('forms', FORMS_META, () => import('../features/documents/pages/forms-page.tsx').then((m) => m.FormsPage)),
    route('submitdocuments', SUBMIT_DOCUMENTS_META, () =>
      import('../features/documents/pages/submit-documents-page.tsx').then((m) => m.SubmitDocumentsPage),
    ),
    route('authorityform', AUTHORITY_META, () =>
      import('../features/documents/pages/authority-page.tsx').then((m) => m.AuthorityPage),
    ),
    route('thankyou-documents', THANK_YOU_META, () => thankYouPages().then((m) => m.ThankYouDocumentsPage)),
    route('thankyou-reimbursement', THANK_YOU_META, () => thankYouPages().then((m) => m.ThankYouReimbursementPage)),
    route('thankyou-contact-us', THANK_YOU_META, () => thankYouPages().then((m) => m.ThankYouContactUsPage)),
    // Account: My Details, the toast route, app mode's edit pages and the password change.
    route(['account', 'accountupdated/:type/:success'], ACCOUNT_META, () =>
      import('./compose/account-page.tsx').then((m) => m.AccountWithSecurityPage),
    ),
    route('personal-details', PERSONAL_DETAILS_META, () => accountEditPages().then((m) => m.PersonalDetailsPage)),
    route('contact-details', CONTACT_DETAILS_META, () => accountEditPages().then((m) => m.ContactDetailsPage)),
    route('email-address', EMAIL_ADDRESS_META, () => accountEditPages().then((m) => m.EmailAddressPage)),
    route('mobile-number', MOBILE_NUMBER_META, () => accountEditPages().then((m) => m.MobileNumberPage)),
    route('bank-details', BANK_ACCOUNT_META, () => accountEditPages().then((m) => m.BankDetailsPage)),
    route('claimant-details', CLAIMANT_DETAILS_META, () => accountEditPages().then((m) => m.ClaimantDetailsPage)),
    route('updatepassword', UPDATE_PASSWORD_META, () =>
      import('../features/account/pages/update-password-page.tsx').then((m) => m.UpdatePasswordPage),
    ),
    // Messaging: Send a message, Inbox, Sent items and app mode's full-page details (both spellings).
    route('contactus', CONTACT_US_META, () =>
      import('../features/messaging/pages/contact-us-page.tsx').then((m) => m.ContactUsPage),
    ),
    route('inbox', INBOX_META, () => import('../features/messaging/pages/inbox-page.tsx').then((m) => m.InboxPage)),
    route(['inboxitemdetail', 'inbox-item-detail'], INBOX_ITEM_DETAIL_META, () =>
      import('../features/messaging/pages/inbox-item-detail-page.tsx').then((m) => m.InboxItemDetailPage),
    ),
    // A sent item shows where it is up to (the payments feature's progress, composed here).
    route(['sentitems', 'sent-items'], SENT_ITEMS_META, () =>
      Promise.all([import('../features/messaging/pages/sent-items-page.tsx'), sentItemProgress()]).then(([m, p]) =>
        withProps(m.SentItemsPage, { progress: p.SentItemProgress }),
      ),
    ),
    route(['sentitemdetail', 'sent-item-detail'], SENT_ITEM_DETAIL_META, () =>
      Promise.all([import('../features/messaging/pages/sent-item-detail-page.tsx'), sentItemProgress()]).then(
        ([m, p]) => withProps(m.SentItemDetailPage, { progress: p.SentItemProgress }),
      ),
    ),
    // Payments: the payments page (the claim home's panel and the sent items' progress are above).
    route('payments', PAYMENTS_META, () =>
      import('../features/payments/pages/payments-page.tsx').then((m) => m.PaymentsPage),
    ),
    // Reimbursement: the claim form.
    route('reimbursementform', REIMBURSEMENT_META, () =>
      import('../features/reimbursement/pages/reimbursement-page.tsx').then((m) => m.ReimbursementPage),
    ),
  ];

  return [
    {
      id: 'root',
      Component: AppShell,
      ErrorBoundary: RouteError,
      HydrateFallback: StartupScreen,
      children: [
        // spec 000 §2: an empty path redirects to /login (whose guard sends a signed-in claimant on).
        { index: true, loader: () => redirect('/login'), Component: Redirecting },
        ...pages.flat(),
        // Unknown paths: "Page not found", signed in or out (spec 000 §2 sends them to /claims;
        // decision 036). /api paths never reach the web app: the server answers them itself.
        ...route('*', NOT_FOUND_META, () => import('./shell/not-found-page.tsx').then((m) => m.NotFoundPage)),
      ],
    },
  ];
}
