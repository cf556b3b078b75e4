/** What a verified code unlocks: a completed sign-in (login flow) or a secure token (step-up). */
import { CodeType } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { activateAccount } from '../account/repository.ts';
import { applyPendingReset } from '../registration/reset.ts';
import { releaseRegistrationDetails } from '../registration/service.ts';
import { accountSessionsChanged, rotateSession, tokenHash, type AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';
import { checkAccessCode } from './service.ts';

const SECURE_TOKEN_LIFETIME_MS = 15 * 60_000;

function loginPurpose(auth: AuthContext) {
  return auth.kind === 'registration' ? 'activation' : 'verification';
}

export function loginCodeTarget(auth: AuthContext) {
  return { accountId: auth.accountId, purpose: loginPurpose(auth), codeType: CodeType.Email } as const;
}

/**
 * Activation or sign-in verification: the pending session becomes a signed-in one, with a new
 * token. The code came from an on-record channel, so this is also where a password reset waiting
 * on this session takes effect, and where a registrant's typed details go to the claims system.
 */
export async function completeLoginWithCode(
  deps: Deps,
  auth: AuthContext,
  code: string,
): Promise<{ AccessToken: string }> {
  await checkAccessCode(deps, { ...loginCodeTarget(auth), code });
  return completeLogin(deps, auth);
}

/** The verification is proved (a code, or a second factor): the sign-in completes. */
export async function completeLogin(deps: Deps, auth: AuthContext): Promise<{ AccessToken: string }> {
  const reset = await deps.db.transaction().execute(async (trx) => {
    const applied = await applyPendingReset(deps, trx, auth);
    if (auth.kind === 'registration') {
      await activateAccount(trx, auth.accountId);
      await releaseRegistrationDetails(trx, auth.accountId, deps.clock.now());
    }
    return applied;
  });
  if (reset) await accountSessionsChanged(deps, auth.accountId);
  deps.notifier.wake();
  return { AccessToken: (await rotateSession(deps, auth, 'login')).token };
}

/** Step-up while signed in: a single-use token for one kind of edit; the session token rotates. */
export async function issueSecureToken(
  deps: Deps,
  auth: AuthContext,
  codeType: number,
  code: string,
): Promise<{ AccessToken: string; SecureToken: string; CodeType: 0 | 1 | 2; ExpiresInSeconds: number }> {
  await checkAccessCode(deps, { accountId: auth.accountId, purpose: 'secure', codeType, code });
  const granted = await grantSecureToken(deps, auth, codeType);
  return { ...granted, CodeType: codeType as 0 | 1 | 2 };
}

/** The step-up is proved (a code, or a second factor): a secure token for that kind of edit. */
export async function grantSecureToken(
  deps: Deps,
  auth: AuthContext,
  codeType: number,
): Promise<{ AccessToken: string; SecureToken: string; CodeType: number; ExpiresInSeconds: number }> {
  const { token: accessToken, sessionId } = await rotateSession(deps, auth, 'login');
  const secure = newToken();
  const now = deps.clock.now();
  await repo.insertSecureToken(deps.db, {
    id: newId(),
    sessionId,
    tokenHash: tokenHash(secure),
    codeType,
    now,
    expiresAt: now + SECURE_TOKEN_LIFETIME_MS,
  });
  return {
    AccessToken: accessToken,
    SecureToken: secure,
    CodeType: codeType,
    ExpiresInSeconds: SECURE_TOKEN_LIFETIME_MS / 1000,
  };
}

/** For the account issue's edits: spends the secure token for that kind of edit, or says no. */
export async function consumeSecureToken(
  deps: Deps,
  auth: AuthContext,
  secureToken: string,
  codeType: number,
): Promise<boolean> {
  return repo.useSecureToken(deps.db, auth.sessionId, tokenHash(secureToken), codeType, deps.clock.now());
}
