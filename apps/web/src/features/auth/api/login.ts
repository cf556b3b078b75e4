/**
 * POST /api/account/login. Silent: the login form shows the server's error itself, in an alert
 * region tied to the form. The request layer never adds a stored token to this call.
 */
import type { ENDPOINTS } from '@portal/contracts';
import type { z } from 'zod';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { loadEndpoint } from '../../../lib/request/request.ts';

type LoginSchemas = { LoginRequest: (typeof ENDPOINTS)['login']['body'] };

export type LoginValues = z.output<LoginSchemas['LoginRequest']>;

let loginSchemas: LoginSchemas | undefined;

/**
 * The sign-in form's rule, the contracts' LoginRequest (zod), arrives on demand with the account
 * area's schemas (which the request layer checks answers with), not with the page (the /login
 * budget). Once here it is answered at once: a submit is checked within the same turn, as a
 * resolver would.
 */
export async function loadLoginSchemas(): Promise<LoginSchemas> {
  loginSchemas ??= { LoginRequest: (await loadEndpoint('login')).body };
  return loginSchemas;
}

export function login(values: LoginValues): Promise<CallAnswer<'login'>> {
  const body = {
    EmailAddress: values.EmailAddress,
    Password: values.Password,
    RememberMe: values.RememberMe,
    DeviceType: values.DeviceType,
  };
  return call('login', body, { silent: true, withToken: false, loadingMessage: 'Signing you in…' });
}
