/**
 * POST /api/account/login. Silent: the login form shows the server's error itself, in an alert
 * region tied to the form. The request layer never adds a stored token to this call.
 */
import type { LoginRequest, LoginResponse } from '@portal/contracts';
import type { z } from 'zod';
import { lazyResponse, request } from '../../../lib/request.ts';
import type * as LoginSchemaModule from './login-schemas.ts';

export type LoginValues = z.output<typeof LoginRequest>;

type LoginSchemas = typeof LoginSchemaModule;
let loginSchemas: LoginSchemas | undefined;

/**
 * The sign-in page's schemas (zod) arrive on demand, not with the page (the /login budget). Once
 * here they are answered at once: a submit is checked within the same turn, as a resolver would.
 */
export async function loadLoginSchemas(): Promise<LoginSchemas> {
  loginSchemas ??= await import('./login-schemas.ts');
  return loginSchemas;
}

const loginCall = lazyResponse('login', () => loadLoginSchemas().then((m) => m.LoginResponse));

export function login(values: LoginValues): Promise<LoginResponse> {
  const body = {
    EmailAddress: values.EmailAddress,
    Password: values.Password,
    RememberMe: values.RememberMe,
    DeviceType: values.DeviceType,
  };
  return request<LoginResponse>(loginCall, body, { silent: true, withToken: false, loadingMessage: 'Signing you in…' });
}
