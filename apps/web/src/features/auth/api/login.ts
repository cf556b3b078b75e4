/**
 * POST /api/account/login. Silent: the login form shows the server's error itself, in an alert
 * region tied to the form. The request layer never adds a stored token to this call.
 */
import { ENDPOINTS, type LoginResponse } from '@portal/contracts';
import type { z } from 'zod';
import type { LoginRequest } from '@portal/contracts';
import { request } from '../../../lib/request.ts';

export type LoginValues = z.output<typeof LoginRequest>;

export function login(values: LoginValues): Promise<LoginResponse> {
  const body = {
    EmailAddress: values.EmailAddress,
    Password: values.Password,
    RememberMe: values.RememberMe,
    DeviceType: values.DeviceType,
  };
  return request<LoginResponse>(ENDPOINTS.login, body, { silent: true, withToken: false, loadingMessage: 'Signing you in…' });
}
