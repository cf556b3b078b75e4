/**
 * POST /api/account/retrieveusername (spec 001 "Forgot username"): the username goes to the
 * e-mail or mobile on record; the answer names the method for /sentusername. Silent: the form
 * lists 56 ('Your information could not be found…') itself.
 */
import { ENDPOINTS, MESSAGES } from '@portal/contracts';
import { request } from '../../../lib/request.ts';
import { recoveryBody, type RecoveryValues } from './recovery-body.ts';

export type UsernameSent = { SentBy: 'Email' | 'SMS' };

export function retrieveUsername(values: RecoveryValues): Promise<UsernameSent> {
  return request<UsernameSent>(ENDPOINTS.retrieveUsername, recoveryBody(values), {
    silent: true,
    withToken: false,
    loadingMessage: MESSAGES.processing,
  });
}
