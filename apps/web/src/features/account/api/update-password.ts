/**
 * POST /api/account/updatepassword (spec 000 §7): old, new and re-entered password; the server
 * ends every other session of the account. Silent: error 80 ('Invalid password. Try again') is
 * shown at the current-password field, anything else by the page's alert.
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type PasswordChange = { OldPassword: string; NewPassword: string; ReEnterPassword: string };

export function updatePassword(values: PasswordChange): Promise<CallAnswer<'updatePassword'>> {
  return call(
    'updatePassword',
    { OldPassword: values.OldPassword, NewPassword: values.NewPassword, ReEnterPassword: values.ReEnterPassword },
    { silent: true, loadingMessage: 'Changing your password' },
  );
}
