/**
 * POST /api/account/resetpassword. Never a ready session (docs/decisions/008): the token is a
 * registration token (AccountActivated false → /activate) or a sign-in verification token
 * (true → /verify). Silent: 56 (token unknown, used or expired) is listed by the form.
 */
import { MESSAGES } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type ResetPasswordValues = { ResetPasswordToken: string; NewPassword: string; ReEnterPassword: string };
export type ResetPasswordResult = CallAnswer<'resetPassword'>;

export function resetPassword(values: ResetPasswordValues): Promise<ResetPasswordResult> {
  const body = {
    ResetPasswordToken: values.ResetPasswordToken,
    NewPassword: values.NewPassword,
    ReEnterPassword: values.ReEnterPassword,
  };
  return call('resetPassword', body, {
    silent: true,
    withToken: false,
    loadingMessage: MESSAGES.processing,
  });
}
