/**
 * POST /api/security/stepup (and its passkey options, and sendsecuritycode for a factor change's
 * 4-digit code): a passkey, the authenticator app, a recovery code or the 4-digit code yields a
 * secure token for one kind of change. The session token rotates here, as at
 * validatesecuritycodewhileloggedin: the old one no longer works, so the new one is stored at once.
 * Silent: the step-up shows its errors beside the method used.
 */
import type { StepUpCodeType, StepUpProof, StepUpResponse } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { replaceLoginToken } from '../../../lib/session/session.ts';
import { assertPasskey } from './passkey-ceremony.ts';

export async function stepUp(codeType: StepUpCodeType, proof: StepUpProof): Promise<StepUpResponse> {
  const answer = await call(
    'stepUp',
    { CodeType: codeType, Proof: proof },
    { silent: true, loadingMessage: 'Checking it is you…' },
  );
  replaceLoginToken(answer.AccessToken);
  return answer;
}

export async function stepUpWithPasskey(codeType: StepUpCodeType): Promise<StepUpResponse> {
  const { Options } = await call('stepUpPasskeyOptions', { CodeType: codeType }, { silent: true });
  const response = await assertPasskey(Options);
  return stepUp(codeType, { Method: 'Passkey', Response: response });
}

/** The 4-digit code of a factor change (CodeType 3): sent to the channel on record. */
export function sendSecurityCode(): Promise<CallAnswer<'sendSecurityCode'>> {
  return call('sendSecurityCode', {}, { silent: true, loadingMessage: 'Sending your code…' });
}
