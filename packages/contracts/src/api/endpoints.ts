import { ROUTES } from './routes.ts';
import { Ok } from './common.ts';
import { PageViewRequest } from './reference.ts';
import { ACCOUNT_ENDPOINTS } from './endpoints/account.ts';
import { FORM_ENDPOINTS } from './endpoints/forms.ts';
import { MESSAGE_ENDPOINTS } from './endpoints/messages.ts';
import { PAYMENT_ENDPOINTS } from './endpoints/payments.ts';
import { CONTENT_ENDPOINTS } from './endpoints/content.ts';
import { SIGN_IN_ENDPOINTS } from './endpoints/sign-in.ts';
import { SECURITY_ENDPOINTS } from './endpoints/security.ts';
import { post, type Endpoint } from './endpoints/define.ts';

export type { Endpoint } from './endpoints/define.ts';

/**
 * Every call of ROUTES, with its schemas: one table, gathered from its areas (endpoints/) in the
 * order the API description lists them, the page-view record last.
 */
export const ENDPOINTS = {
  ...ACCOUNT_ENDPOINTS,
  ...FORM_ENDPOINTS,
  ...MESSAGE_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...SIGN_IN_ENDPOINTS,
  ...SECURITY_ENDPOINTS,
  pageView: post(ROUTES.pageView, PageViewRequest, Ok, 'First-party page-view record (no third-party analytics)'),
} satisfies { [K in keyof typeof ROUTES]: Endpoint };
