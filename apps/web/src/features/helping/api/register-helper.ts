/**
 * POST /api/helpers/register: a helper's own account from the invitation (decision 041). Answers
 * a registration token; /activate then sends the code to the contact the invitation went to.
 * Silent: the form lists the server's answer (110 username taken, 100 a field, 451 the link spent).
 */
import { MESSAGES, type RegisterHelperRequest } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type RegisterHelperValues = Omit<RegisterHelperRequest, 'AccessToken'>;

export function registerHelper(values: RegisterHelperValues): Promise<CallAnswer<'registerHelper'>> {
  return call('registerHelper', values, { silent: true, withToken: false, loadingMessage: MESSAGES.processing });
}
