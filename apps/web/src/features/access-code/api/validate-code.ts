/**
 * POST /api/account/validatesecuritycodeforlogin → the login token (activation and sign-in
 * verification complete), or …whileloggedin → a rotated session token plus the secure token for
 * one kind of edit. Silent: 49 (wrong), 50 (expired) and 109 (locked) are shown by the screen.
 */
import { DeviceType } from '@portal/contracts';
import type { CodeTypeValue } from '../../../lib/session/access-code.ts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type LoginCodeResult = CallAnswer<'validateCodeForLogin'>;
export type SecureCodeResult = CallAnswer<'validateCodeWhileLoggedIn'>;

export function validateLoginCode(code: string): Promise<LoginCodeResult> {
  return call(
    'validateCodeForLogin',
    { SecurityCode: code, DeviceType: DeviceType.Web },
    { silent: true, loadingMessage: 'Checking your code…' },
  );
}

export function validateSecureCode(codeType: CodeTypeValue, code: string): Promise<SecureCodeResult> {
  return call(
    'validateCodeWhileLoggedIn',
    { CodeType: codeType, SecurityCode: code, DeviceType: DeviceType.Web },
    { silent: true, loadingMessage: 'Checking your code…' },
  );
}
