/**
 * POST /api/account/generatesecuritycodeforlogin (activation, sign-in verification: the pending
 * token goes with it) or …whileloggedin (before a bank, mobile or e-mail edit: CodeType says
 * which). Answers where the code went. Silent: the code screen shows the error in its own alert
 * region (86 no channel, 108 too many codes, 109 locked for the day).
 */
import { DeviceType } from '@portal/contracts';
import type { CodeTypeValue } from '../../../lib/session/access-code.ts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type CodeFlow = { kind: 'login' } | { kind: 'secure'; codeType: CodeTypeValue };

export function generateCode(flow: CodeFlow): Promise<CallAnswer<'generateCodeForLogin'>> {
  if (flow.kind === 'login') {
    return call(
      'generateCodeForLogin',
      { DevType: DeviceType.Web },
      { silent: true, loadingMessage: 'Sending your code…' },
    );
  }
  return call(
    'generateCodeWhileLoggedIn',
    { CodeType: flow.codeType, DevType: DeviceType.Web },
    { silent: true, loadingMessage: 'Sending your code…' },
  );
}
