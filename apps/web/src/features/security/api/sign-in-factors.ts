/**
 * The signed-out calls: what can answer /verify instead of the 4-digit code (with the pending
 * token), answering it, and signing in with a passkey alone from /login. Silent: the screens show
 * their own errors.
 */
import type { FactorProof } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { assertPasskey } from './passkey-ceremony.ts';

export function loginFactors(): Promise<CallAnswer<'loginFactors'>> {
  return call('loginFactors', {}, { silent: true });
}

export function verifyLogin(proof: FactorProof): Promise<CallAnswer<'verifyLoginWithFactor'>> {
  return call('verifyLoginWithFactor', { Proof: proof }, { silent: true, loadingMessage: 'Checking it is you…' });
}

export async function verifyLoginWithPasskey(): Promise<CallAnswer<'verifyLoginWithFactor'>> {
  const { Options } = await call('loginPasskeyOptions', {}, { silent: true });
  const response = await assertPasskey(Options);
  return verifyLogin({ Method: 'Passkey', Response: response });
}

/** /login: the browser offers the passkeys it holds for this portal (discoverable credentials). */
export async function signInWithPasskey(rememberMe: boolean): Promise<CallAnswer<'passkeySignIn'>> {
  const { Options } = await call('passkeySignInOptions', {}, { silent: true, withToken: false });
  const response = await assertPasskey(Options);
  return call(
    'passkeySignIn',
    { Response: response, RememberMe: rememberMe },
    { silent: true, withToken: false, loadingMessage: 'Signing you in…' },
  );
}
