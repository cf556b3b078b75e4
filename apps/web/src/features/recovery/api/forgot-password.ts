/**
 * POST /api/account/forgotpassword (spec 001 "Forgot password"): answers a single-use reset token
 * (30 minutes) and the first name for the reset page's greeting (no username: decision 023). Silent.
 */
import { MESSAGES } from '@portal/contracts';
import type { PasswordResetState } from '../../../lib/session/password-reset.ts';
import { call } from '../../../lib/request/call.ts';
import { recoveryBody, type RecoveryValues } from './recovery-body.ts';

export function forgotPassword(values: RecoveryValues): Promise<PasswordResetState> {
  return call('forgotPassword', recoveryBody(values), {
    silent: true,
    withToken: false,
    loadingMessage: MESSAGES.processing,
  });
}
