/**
 * A second factor in place of a 4-digit code (decision 029): the step-up before a secure edit or a
 * factor change, the sign-in verification of a browser not seen, and sign-in with a passkey alone.
 */
import {
  AccountActivated,
  ErrorNumber,
  SECURITY_CODE_TYPE,
  type FactorKindsResponse,
  type PasskeyAuthenticationResponse,
} from '@portal/contracts';
import type { StepUpProof } from '@portal/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { checkAccessCode, sendAccessCode } from '../access-code/service.ts';
import { completeLogin, grantSecureToken } from '../access-code/sign-in.ts';
import { recordFailure, recordSuccess, throttledError, throttleKeys, throttleWait } from '../account/throttle.ts';
import { recogniseDevice } from '../device/service.ts';
import { endSession, startSession, type AuthContext } from '../session/service.ts';
import { proveFactor, type Proof } from './proof.ts';
import * as repo from './repository.ts';
import { authenticationOptions, checkAssertion } from './webauthn.ts';

type AnyProof = z.output<typeof StepUpProof>;

export function sendSecurityCode(deps: Deps, auth: AuthContext) {
  return sendAccessCode(deps, { accountId: auth.accountId, purpose: 'secure', codeType: SECURITY_CODE_TYPE });
}

export async function stepUpPasskeyOptions(deps: Deps, auth: AuthContext, codeType: number) {
  const options = await authenticationOptions(deps, 'stepup', {
    accountId: auth.accountId,
    sessionId: auth.sessionId,
    codeType,
  });
  return { Options: options };
}

export async function stepUp(deps: Deps, auth: AuthContext, codeType: number, proof: AnyProof) {
  if (proof.Method === 'Code') {
    await checkAccessCode(deps, { accountId: auth.accountId, purpose: 'secure', codeType, code: proof.SecurityCode });
  } else {
    await proveFactor(deps, auth, proof, { purpose: 'stepup', codeType });
  }
  const granted = await grantSecureToken(deps, auth, codeType);
  return { ...granted, CodeType: codeType as 0 | 1 | 2 | 3 };
}

export async function loginFactors(deps: Deps, auth: AuthContext): Promise<FactorKindsResponse> {
  if (auth.kind !== 'verification') return { Passkey: false, Authenticator: false, RecoveryCode: false };
  const kinds = await repo.factorKinds(deps.db, auth.accountId);
  const signedInWith = await repo.findSessionPasskey(deps.db, auth.sessionId);
  return {
    Passkey: kinds.passkeys - (signedInWith ? 1 : 0) > 0,
    Authenticator: kinds.authenticator,
    RecoveryCode: kinds.recoveryCodesLeft > 0,
  };
}

/** Activation proves the claimant's channel for the first time: only a code to it will do. */
function requireVerification(auth: AuthContext): void {
  if (auth.kind !== 'verification') throw new AppError(ErrorNumber.FactorNotSetUp);
}

export async function loginPasskeyOptions(deps: Deps, auth: AuthContext) {
  requireVerification(auth);
  const signedInWith = await repo.findSessionPasskey(deps.db, auth.sessionId);
  return {
    Options: await authenticationOptions(
      deps,
      'verify',
      { accountId: auth.accountId, sessionId: auth.sessionId },
      signedInWith,
    ),
  };
}

export async function verifyLogin(deps: Deps, auth: AuthContext, proof: Proof): Promise<{ AccessToken: string }> {
  requireVerification(auth);
  const signedInWith = await repo.findSessionPasskey(deps.db, auth.sessionId);
  await proveFactor(deps, auth, proof, { purpose: 'verify', notPasskeyId: signedInWith });
  return completeLogin(deps, auth);
}

// ---- sign-in with a passkey alone

export async function passkeySignInOptions(deps: Deps) {
  return { Options: await authenticationOptions(deps, 'signin') };
}

/**
 * The account's throttles apply as to a password (its username's count and the address's), and
 * each failure counts. A passkey with user verification is possession and a PIN or biometric at
 * once, so it also answers the "browser not seen" rule (the browser is remembered, like after a
 * code); VerifySignIn from the claims system still asks for a verification, which this same
 * passkey cannot answer (another passkey, the authenticator, a recovery code or a 4-digit code can).
 */
export async function passkeySignIn(
  deps: Deps,
  input: {
    response: PasskeyAuthenticationResponse;
    rememberMe: boolean;
    address: string;
    previousToken?: string | undefined;
    deviceId: string | null;
  },
): Promise<{ AccessToken: string; AccountActivated: 1 | 2; accountId: string }> {
  const known = await repo.findPasskeyByCredentialId(deps.db, input.response.id);
  const account = known ? await repo.findSignInAccount(deps.db, known.account_id) : undefined;
  // No account named: the address's count alone (the username part is a key nobody signs in with).
  const keys = throttleKeys(account?.username ?? `passkey:${input.response.id}`, input.address);
  const wait = await throttleWait(deps, keys);
  if (wait > 0) throw throttledError(wait);
  let passkeyId: string;
  try {
    if (!account || account.activated !== 1) throw new AppError(ErrorNumber.FactorNotAccepted);
    passkeyId = (await checkAssertion(deps, input.response, 'signin')).id;
  } catch (e) {
    await recordFailure(deps, keys);
    throw e;
  }
  await recordSuccess(deps, keys);
  await endSession(deps, input.previousToken);
  const outcome = account.verify_sign_in === 1 ? AccountActivated.VerificationRequired : AccountActivated.Activated;
  // A known browser is seen again (its 90 days start over), as at a password sign-in.
  await recogniseDevice(deps, account.id, input.deviceId);
  const { token } = await startSession(deps, {
    accountId: account.id,
    kind: outcome === AccountActivated.Activated ? 'login' : 'verification',
    rememberMe: input.rememberMe,
    // VerifySignIn's verification then takes something other than this passkey.
    passkeyId,
  });
  return { AccessToken: token, AccountActivated: outcome, accountId: account.id };
}
