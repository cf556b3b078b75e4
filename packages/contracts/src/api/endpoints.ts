import type { ROUTES } from './routes.ts';
import { ACCOUNT_ENDPOINTS } from './endpoints/account.ts';
import { FORM_ENDPOINTS } from './endpoints/forms.ts';
import { MESSAGE_ENDPOINTS } from './endpoints/messages.ts';
import { PAYMENT_ENDPOINTS } from './endpoints/payments.ts';
import { CONTENT_ENDPOINTS } from './endpoints/content.ts';
import { SIGN_IN_ENDPOINTS } from './endpoints/sign-in.ts';
import { SECURITY_ENDPOINTS } from './endpoints/security.ts';
import { ANALYTICS_ENDPOINTS } from './endpoints/analytics.ts';
import { HELPER_ENDPOINTS } from './endpoints/helpers.ts';
import type { Endpoint } from './endpoints/define.ts';

export type { AreaTable, Endpoint } from './endpoints/define.ts';
export {
  ACCOUNT_ENDPOINTS,
  ANALYTICS_ENDPOINTS,
  CONTENT_ENDPOINTS,
  FORM_ENDPOINTS,
  HELPER_ENDPOINTS,
  MESSAGE_ENDPOINTS,
  PAYMENT_ENDPOINTS,
  SECURITY_ENDPOINTS,
  SIGN_IN_ENDPOINTS,
};

/**
 * Every call of ROUTES, with its schemas: one table, gathered from its areas (endpoints/, listed
 * in ENDPOINT_AREAS, routes.ts) in the order the API description lists them, the helpers' calls, the page-view record last.
 * The server and the API description read this table; the web app loads one area's table at a time.
 */
export const ENDPOINTS = {
  ...ACCOUNT_ENDPOINTS,
  ...FORM_ENDPOINTS,
  ...MESSAGE_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...SIGN_IN_ENDPOINTS,
  ...SECURITY_ENDPOINTS,
  ...HELPER_ENDPOINTS,
  ...ANALYTICS_ENDPOINTS,
} satisfies { [K in keyof typeof ROUTES]: Endpoint };
