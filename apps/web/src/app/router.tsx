/**
 * The route table. Every page is lazy-loaded (the first visit to /login downloads only the shell
 * and the login page); each route's guard runs as its loader (app/guards.ts), and its `handle`
 * carries the shell's meta (title, toolbar controls, breadcrumb, app mode).
 */
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { createGuard } from './guards.ts';
import type { LazyQueryClient } from './lazy-query-client.ts';
import {
  // Account (#4)
  ACCOUNT_META,
  BANK_ACCOUNT_META,
  CONTACT_DETAILS_META,
  EMAIL_ADDRESS_META,
  MOBILE_NUMBER_META,
  PERSONAL_DETAILS_META,
  UPDATE_PASSWORD_META,
  // Messaging (#7)
  CONTACT_US_META,
  INBOX_ITEM_DETAIL_META,
  INBOX_META,
  SENT_ITEM_DETAIL_META,
  SENT_ITEMS_META,
  // Reimbursement (#6)
  REIMBURSEMENT_META,
  ACCOUNT_DETAILS_CODE_META,
  ACTIVATE_META,
  AUTHORITY_META,
  BANK_DETAILS_CODE_META,
  CLAIM_HOME_META,
  CLAIMS_META,
  DISCLAIMER_META,
  FORGOT_PASSWORD_META,
  FORMS_META,
  FORGOT_USERNAME_META,
  LOGIN_APP_META,
  LOGIN_META,
  NOTICE_META,
  PLACEHOLDER_ROUTES,
  PRIVACY_META,
  REGISTER_META,
  RESET_PASSWORD_META,
  SENT_USERNAME_META,
  SERVICE_DETAIL_META,
  SERVICES_META,
  SURVEY_INTRO_META,
  SURVEY_META,
  SURVEY_OUTRO_META,
  SUBMIT_DOCUMENTS_META,
  SURVEY_VALIDATION_META,
  THANK_YOU_META,
  VERIFY_META,
} from './route-meta.ts';
import { AppShell } from './shell/app-shell.tsx';
import { RouteError, StartupScreen } from './shell/route-error.tsx';

const loginPage = () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage }));
const claimsPage = () => import('../features/claims/pages/claims-page.tsx').then((m) => ({ Component: m.ClaimsPage }));
const claimHomePage = () => import('../features/home/pages/claim-home-page.tsx').then((m) => ({ Component: m.ClaimHomePage }));
const registerPage = () => import('../features/registration/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage }));
const accessCodePages = () => import('../features/access-code/pages/access-code-page.tsx');
const activatePage = () => accessCodePages().then((m) => ({ Component: m.ActivatePage }));
const verifyPage = () => accessCodePages().then((m) => ({ Component: m.VerifyPage }));
const accountDetailsCodePage = () => accessCodePages().then((m) => ({ Component: m.AccountDetailsCodePage }));
const bankDetailsCodePage = () => accessCodePages().then((m) => ({ Component: m.BankDetailsCodePage }));
const forgotUsernamePage = () => import('../features/recovery/pages/forgot-username-page.tsx').then((m) => ({ Component: m.ForgotUsernamePage }));
const sentUsernamePage = () => import('../features/recovery/pages/sent-username-page.tsx').then((m) => ({ Component: m.SentUsernamePage }));
const forgotPasswordPage = () => import('../features/recovery/pages/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage }));
const resetPasswordPage = () => import('../features/recovery/pages/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage }));
const servicesPage = () => import('../features/services/pages/services-page.tsx').then((m) => ({ Component: m.ServicesPage }));
const serviceDetailPage = () => import('../features/services/pages/service-detail-page.tsx').then((m) => ({ Component: m.ServiceDetailPage }));
const legalPages = () => import('../features/legal/pages/legal-pages.tsx');
const disclaimerPage = () => legalPages().then((m) => ({ Component: m.DisclaimerPage }));
const privacyPage = () => legalPages().then((m) => ({ Component: m.PrivacyPage }));
const noticePage = () => legalPages().then((m) => ({ Component: m.NoticePage }));
const surveyValidationPage = () => import('../features/survey/pages/survey-validation-page.tsx').then((m) => ({ Component: m.SurveyValidationPage }));
const surveyIntroPage = () => import('../features/survey/pages/survey-intro-page.tsx').then((m) => ({ Component: m.SurveyIntroPage }));
const surveyPage = () => import('../features/survey/pages/survey-page.tsx').then((m) => ({ Component: m.SurveyPage }));
const surveyOutroPage = () => import('../features/survey/pages/survey-outro-page.tsx').then((m) => ({ Component: m.SurveyOutroPage }));
const formsPage = () => import('../features/documents/pages/forms-page.tsx').then((m) => ({ Component: m.FormsPage }));
const submitDocumentsPage = () => import('../features/documents/pages/submit-documents-page.tsx').then((m) => ({ Component: m.SubmitDocumentsPage }));
const authorityPage = () => import('../features/documents/pages/authority-page.tsx').then((m) => ({ Component: m.AuthorityPage }));
const thankYouPages = () => import('../features/documents/pages/thank-you-pages.tsx');
const thankYouDocumentsPage = () => thankYouPages().then((m) => ({ Component: m.ThankYouDocumentsPage }));
const thankYouReimbursementPage = () => thankYouPages().then((m) => ({ Component: m.ThankYouReimbursementPage }));
const thankYouContactUsPage = () => thankYouPages().then((m) => ({ Component: m.ThankYouContactUsPage }));
// Account (#4)
const accountPage = () => import('../features/account/pages/account-page.tsx').then((m) => ({ Component: m.AccountPage }));
const accountEditPages = () => import('../features/account/pages/edit-pages.tsx');
const personalDetailsPage = () => accountEditPages().then((m) => ({ Component: m.PersonalDetailsPage }));
const contactDetailsPage = () => accountEditPages().then((m) => ({ Component: m.ContactDetailsPage }));
const emailAddressPage = () => accountEditPages().then((m) => ({ Component: m.EmailAddressPage }));
const mobileNumberPage = () => accountEditPages().then((m) => ({ Component: m.MobileNumberPage }));
const bankDetailsPage = () => accountEditPages().then((m) => ({ Component: m.BankDetailsPage }));
const updatePasswordPage = () => import('../features/account/pages/update-password-page.tsx').then((m) => ({ Component: m.UpdatePasswordPage }));
// Messaging (#7)
const contactUsPage = () => import('../features/messaging/pages/contact-us-page.tsx').then((m) => ({ Component: m.ContactUsPage }));
const inboxPage = () => import('../features/messaging/pages/inbox-page.tsx').then((m) => ({ Component: m.InboxPage }));
const inboxItemDetailPage = () => import('../features/messaging/pages/inbox-item-detail-page.tsx').then((m) => ({ Component: m.InboxItemDetailPage }));
const sentItemsPage = () => import('../features/messaging/pages/sent-items-page.tsx').then((m) => ({ Component: m.SentItemsPage }));
const sentItemDetailPage = () => import('../features/messaging/pages/sent-item-detail-page.tsx').then((m) => ({ Component: m.SentItemDetailPage }));
// Reimbursement (#6)
const reimbursementPage = () => import('../features/reimbursement/pages/reimbursement-page.tsx').then((m) => ({ Component: m.ReimbursementPage }));
// Route loaders beyond the guards are loaded with their route (they bring the contracts' schemas).
const claimsLoader = () => import('../features/claims/pages/claims-loader.ts');
const serviceDetailLoader = () => import('../features/services/pages/service-detail-loader.ts');

/** Routes that only redirect render nothing (their loader never lets them render). */
function Redirecting() {
  return null;
}

const placeholderPage = () => import('./placeholder-route.tsx').then((m) => ({ Component: m.PlaceholderRoute }));

export function createRoutes(queryClient: LazyQueryClient): RouteObject[] {
  const guard = (meta: Parameters<typeof createGuard>[0]) => createGuard(meta, queryClient);
  const claimsGuard = guard(CLAIMS_META);
  const serviceDetailGuard = guard(SERVICE_DETAIL_META);

  /**
   * Every page but sign-in renders with the query client made (TanStack Query downloaded with
   * the page); /login does without it (the /login budget, lazy-query-client.ts).
   */
  const withQueryClient = (route: RouteObject): RouteObject => {
    const { lazy } = route;
    if (typeof lazy !== 'function' || route.handle === LOGIN_META || route.handle === LOGIN_APP_META) return route;
    return { ...route, lazy: () => Promise.all([lazy(), queryClient.load()]).then(([loaded]) => loaded) };
  };

  return [
    {
      id: 'root',
      Component: AppShell,
      ErrorBoundary: RouteError,
      HydrateFallback: StartupScreen,
      children: ([
        // spec 000 §2: an empty path redirects to /login (whose guard sends a signed-in claimant on).
        { index: true, loader: () => redirect('/login'), Component: Redirecting },
        { path: 'login', handle: LOGIN_META, loader: guard(LOGIN_META), lazy: loginPage },
        { path: 'login/m', handle: LOGIN_APP_META, loader: guard(LOGIN_APP_META), lazy: loginPage },
        {
          path: 'claims',
          handle: CLAIMS_META,
          loader: async (args: LoaderFunctionArgs) => {
            const loading = Promise.all([claimsLoader(), queryClient.load()]);
            await claimsGuard(args);
            const [{ createClaimsLoader }, client] = await loading;
            return createClaimsLoader(client)();
          },
          lazy: claimsPage,
        },
        { path: 'claim', handle: CLAIM_HOME_META, loader: guard(CLAIM_HOME_META), lazy: claimHomePage },
        // Identity (#3): registration, activation and sign-in verification, recovery, access codes.
        { path: 'register', handle: REGISTER_META, loader: guard(REGISTER_META), lazy: registerPage },
        { path: 'activate', handle: ACTIVATE_META, loader: guard(ACTIVATE_META), lazy: activatePage },
        { path: 'verify', handle: VERIFY_META, loader: guard(VERIFY_META), lazy: verifyPage },
        { path: 'forgotusername', handle: FORGOT_USERNAME_META, loader: guard(FORGOT_USERNAME_META), lazy: forgotUsernamePage },
        { path: 'sentusername', handle: SENT_USERNAME_META, loader: guard(SENT_USERNAME_META), lazy: sentUsernamePage },
        { path: 'forgotpassword', handle: FORGOT_PASSWORD_META, loader: guard(FORGOT_PASSWORD_META), lazy: forgotPasswordPage },
        { path: 'resetpassword', handle: RESET_PASSWORD_META, loader: guard(RESET_PASSWORD_META), lazy: resetPasswordPage },
        {
          path: 'activationaccountdetails',
          handle: ACCOUNT_DETAILS_CODE_META,
          loader: guard(ACCOUNT_DETAILS_CODE_META),
          lazy: accountDetailsCodePage,
        },
        { path: 'activationbankdetails', handle: BANK_DETAILS_CODE_META, loader: guard(BANK_DETAILS_CODE_META), lazy: bankDetailsCodePage },
        // Content (#8): what we can pay for, the legal pages and the self-assessment.
        { path: 'services', handle: SERVICES_META, loader: guard(SERVICES_META), lazy: servicesPage },
        {
          path: 'services/:id',
          handle: SERVICE_DETAIL_META,
          loader: async (args: LoaderFunctionArgs) => {
            const loading = Promise.all([serviceDetailLoader(), queryClient.load()]);
            await serviceDetailGuard(args);
            const [{ createServiceDetailLoader }, client] = await loading;
            return createServiceDetailLoader(client)(args);
          },
          lazy: serviceDetailPage,
        },
        { path: 'disclaimer', handle: DISCLAIMER_META, loader: guard(DISCLAIMER_META), lazy: disclaimerPage },
        { path: 'privacypolicy', handle: PRIVACY_META, loader: guard(PRIVACY_META), lazy: privacyPage },
        { path: 'notice', handle: NOTICE_META, loader: guard(NOTICE_META), lazy: noticePage },
        { path: 'surveyvalidation', handle: SURVEY_VALIDATION_META, loader: guard(SURVEY_VALIDATION_META), lazy: surveyValidationPage },
        { path: 'myneeds', handle: SURVEY_VALIDATION_META, loader: guard(SURVEY_VALIDATION_META), lazy: surveyValidationPage },
        { path: 'surveyintro', handle: SURVEY_INTRO_META, loader: guard(SURVEY_INTRO_META), lazy: surveyIntroPage },
        { path: 'survey', handle: SURVEY_META, loader: guard(SURVEY_META), lazy: surveyPage },
        { path: 'surveyoutro', handle: SURVEY_OUTRO_META, loader: guard(SURVEY_OUTRO_META), lazy: surveyOutroPage },
        // Documents (#5): the hub, the documents form, the authority form and the thank-you pages.
        { path: 'forms', handle: FORMS_META, loader: guard(FORMS_META), lazy: formsPage },
        { path: 'submitdocuments', handle: SUBMIT_DOCUMENTS_META, loader: guard(SUBMIT_DOCUMENTS_META), lazy: submitDocumentsPage },
        { path: 'authorityform', handle: AUTHORITY_META, loader: guard(AUTHORITY_META), lazy: authorityPage },
        { path: 'thankyou-documents', handle: THANK_YOU_META, loader: guard(THANK_YOU_META), lazy: thankYouDocumentsPage },
        { path: 'thankyou-reimbursement', handle: THANK_YOU_META, loader: guard(THANK_YOU_META), lazy: thankYouReimbursementPage },
        { path: 'thankyou-contact-us', handle: THANK_YOU_META, loader: guard(THANK_YOU_META), lazy: thankYouContactUsPage },
        // Account (#4): My Details, the toast route, app mode's edit pages and the password change.
        { path: 'account', handle: ACCOUNT_META, loader: guard(ACCOUNT_META), lazy: accountPage },
        { path: 'accountupdated/:type/:success', handle: ACCOUNT_META, loader: guard(ACCOUNT_META), lazy: accountPage },
        { path: 'personal-details', handle: PERSONAL_DETAILS_META, loader: guard(PERSONAL_DETAILS_META), lazy: personalDetailsPage },
        { path: 'contact-details', handle: CONTACT_DETAILS_META, loader: guard(CONTACT_DETAILS_META), lazy: contactDetailsPage },
        { path: 'email-address', handle: EMAIL_ADDRESS_META, loader: guard(EMAIL_ADDRESS_META), lazy: emailAddressPage },
        { path: 'mobile-number', handle: MOBILE_NUMBER_META, loader: guard(MOBILE_NUMBER_META), lazy: mobileNumberPage },
        { path: 'bank-details', handle: BANK_ACCOUNT_META, loader: guard(BANK_ACCOUNT_META), lazy: bankDetailsPage },
        { path: 'updatepassword', handle: UPDATE_PASSWORD_META, loader: guard(UPDATE_PASSWORD_META), lazy: updatePasswordPage },
        // Messaging (#7): Send a message, Inbox, Sent items and app mode's full-page details (both spellings).
        { path: 'contactus', handle: CONTACT_US_META, loader: guard(CONTACT_US_META), lazy: contactUsPage },
        { path: 'inbox', handle: INBOX_META, loader: guard(INBOX_META), lazy: inboxPage },
        { path: 'inboxitemdetail', handle: INBOX_ITEM_DETAIL_META, loader: guard(INBOX_ITEM_DETAIL_META), lazy: inboxItemDetailPage },
        { path: 'inbox-item-detail', handle: INBOX_ITEM_DETAIL_META, loader: guard(INBOX_ITEM_DETAIL_META), lazy: inboxItemDetailPage },
        { path: 'sentitems', handle: SENT_ITEMS_META, loader: guard(SENT_ITEMS_META), lazy: sentItemsPage },
        { path: 'sent-items', handle: SENT_ITEMS_META, loader: guard(SENT_ITEMS_META), lazy: sentItemsPage },
        { path: 'sentitemdetail', handle: SENT_ITEM_DETAIL_META, loader: guard(SENT_ITEM_DETAIL_META), lazy: sentItemDetailPage },
        { path: 'sent-item-detail', handle: SENT_ITEM_DETAIL_META, loader: guard(SENT_ITEM_DETAIL_META), lazy: sentItemDetailPage },
        // Reimbursement (#6): the claim form.
        { path: 'reimbursementform', handle: REIMBURSEMENT_META, loader: guard(REIMBURSEMENT_META), lazy: reimbursementPage },
        ...PLACEHOLDER_ROUTES.map(({ path, meta }) => ({
          path: path.slice(1),
          handle: meta,
          loader: guard(meta),
          lazy: placeholderPage,
        })),
        // spec 000 §2: unknown paths go to /claims (whose guard sends a signed-out visitor to /login).
        { path: '*', loader: () => redirect('/claims'), Component: Redirecting },
      ] satisfies RouteObject[]).map(withQueryClient),
    },
  ];
}
