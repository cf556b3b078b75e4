/**
 * POST /api/account/validatesecuritycodeforlogin → the login token (activation and sign-in
 * verification complete), or …whileloggedin → a rotated session token plus the secure token for
 * one kind of edit. Silent: 49 (wrong), 50 (expired) and 109 (locked) are shown by the screen.
 */
import { DeviceType, ENDPOINTS } from '@portal/contracts';
import type { CodeTypeValue } from '../../../lib/access-code.ts';
import { request } from '../../../lib/request.ts';
import type { CodeFlow } from './generate-code.ts';

export type LoginCodeResult = { AccessToken: string };
export type SecureCodeResult = {
  AccessToken: string;
  SecureToken: string;
  CodeType: CodeTypeValue;
  ExpiresInSeconds: number;
};

export function validateLoginCode(code: string): Promise<LoginCodeResult> {
  return request<LoginCodeResult>(
    ENDPOINTS.validateCodeForLogin,
    { SecurityCode: code, DeviceType: DeviceType.Web },
    { silent: true, loadingMessage: 'Checking your code…' },
  );
}

export function validateSecureCode(codeType: CodeTypeValue, code: string): Promise<SecureCodeResult> {
  return request<SecureCodeResult>(
    ENDPOINTS.validateCodeWhileLoggedIn,
    { CodeType: codeType, SecurityCode: code, DeviceType: DeviceType.Web },
    { silent: true, loadingMessage: 'Checking your code…' },
  );
}

export type { CodeFlow };
