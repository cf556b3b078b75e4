/**
 * POST /api/account/retrieveusername (spec 001 "Forgot username"): the username goes to the
 * e-mail or mobile on record; the answer names the method for /sentusername. Silent: the form
 * lists 56 ('Your information could not be found…') itself.
 */
import { MESSAGES } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { recoveryBody, type RecoveryValues } from './recovery-body.ts';

export type UsernameSent = CallAnswer<'retrieveUsername'>;

export function retrieveUsername(values: RecoveryValues): Promise<UsernameSent> {
  return call('retrieveUsername', recoveryBody(values), {
    silent: true,
    withToken: false,
    loadingMessage: MESSAGES.processing,
  });
}
