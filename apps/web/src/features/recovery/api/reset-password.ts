/**
 * POST /api/account/resetpassword. Never a ready session (docs/decisions/008): the token is a
 * registration token (AccountActivated false → /activate) or a sign-in verification token
 * (true → /verify). Silent: 56 (token unknown, used or expired) is listed by the form.
 */
import { ENDPOINTS, MESSAGES } from '@portal/contracts';
import { request } from '../../../lib/request.ts';

export type ResetPasswordValues = { ResetPasswordToken: string; NewPassword: string; ReEnterPassword: string };
export type ResetPasswordResult = { AccessToken: string; AccountActivated: boolean };

export function resetPassword(values: ResetPasswordValues): Promise<ResetPasswordResult> {
  const body = {
    ResetPasswordToken: values.ResetPasswordToken,
    NewPassword: values.NewPassword,
    ReEnterPassword: values.ReEnterPassword,
  };
  return request<ResetPasswordResult>(ENDPOINTS.resetPassword, body, {
    silent: true,
    withToken: false,
    loadingMessage: MESSAGES.processing,
  });
}
