/**
 * The password reset (decision 023): forgotpassword answers a token and no username;
 * resetpassword only holds the new password; the code from an on-record channel, entered on
 * /verify or /activate, applies it (applyPendingReset, called by access-code/sign-in.ts).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { hashPassword, newId, newToken } from '../../lib/crypto.ts';
import { setPasswordHash } from '../account/repository.ts';
import { queueSecurityNotice } from '../account/security-notice.ts';
import { forgetKnownDevices } from '../device/repository.ts';
import { revokeAccountSessions } from '../session/repository.ts';
import { revoke, startSession, tokenHash } from '../session/service.ts';
import { matchAccount, notFound, spendAccountAttempt, type RecoveryInput } from './identity-check.ts';
import * as repo from './repository.ts';

const RESET_TOKEN_LIFETIME_MS = 30 * 60_000;

/** Answers no username: that goes only to the contacts on record (forgot username). */
export async function startPasswordReset(
  deps: Deps,
  input: RecoveryInput,
): Promise<{ ResetPasswordToken: string; FirstName: string }> {
  const a = await matchAccount(deps, input);
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // A new request invalidates any earlier reset token.
    await repo.voidResetTokens(trx, a.accountId, now);
    await repo.insertResetToken(trx, {
      id: newId(),
      accountId: a.accountId,
      tokenHash: tokenHash(token),
      now,
      expiresAt: now + RESET_TOKEN_LIFETIME_MS,
    });
  });
  return { ResetPasswordToken: token, FirstName: a.firstName };
}

/**
 * Holds the new password on the reset token and starts the session that must enter a code. Nothing
 * changes for the claimant yet: no password, no session ended. The claimant goes on to /activate or
 * /verify, where the code sent to the e-mail or mobile on record applies it (applyPendingReset).
 */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string },
): Promise<{ AccessToken: string; AccountActivated: boolean }> {
  const now = deps.clock.now();
  const pending = await repo.findLiveResetToken(deps.db, tokenHash(input.token), now);
  if (!pending) throw notFound(deps);
  await spendAccountAttempt(deps, pending.account_id);
  const passwordHash = await hashPassword(input.password);
  const activated = pending.activated === 1;
  const session = await startSession(deps, {
    accountId: pending.account_id,
    kind: activated ? 'verification' : 'registration',
    rememberMe: false,
  });
  const held = await repo.holdPendingPassword(deps.db, pending.id, {
    passwordHash,
    sessionId: session.sessionId,
    now,
    expiresAt: now + RESET_TOKEN_LIFETIME_MS,
  });
  // Spent by a parallel call with the same token between the two statements: the session started
  // for this call must not outlive its refusal.
  if (!held) {
    await revoke(deps, { id: session.sessionId }, now);
    throw notFound(deps);
  }
  return { AccessToken: session.token, AccountActivated: activated };
}

/**
 * After a code from an on-record channel was entered on this session: applies a reset waiting on
 * it — the new password, every other session ended, every known browser forgotten — and tells
 * the claimant on every channel on record. False when no reset waits on the session. True: once
 * the transaction commits the caller calls accountSessionsChanged (the read caches).
 */
export async function applyPendingReset(
  deps: Deps,
  trx: Transaction<Database>,
  input: { accountId: string; sessionId: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const pending = await repo.takePendingPassword(trx, input.sessionId, input.accountId, now);
  if (!pending) return false;
  await setPasswordHash(trx, input.accountId, pending.passwordHash);
  await revokeAccountSessions(trx, input.accountId, now);
  await forgetKnownDevices(trx, input.accountId);
  await repo.voidResetTokens(trx, input.accountId, now);
  await queueSecurityNotice(deps, trx, now, { accountId: input.accountId, change: 'password reset' });
  return true;
}
