/**
 * Sessions: an opaque token travels in the request body (spec 000 §7); only its SHA-256 is
 * stored. Sliding idle time-out, absolute lifetime, server-side revocation, and a token-expired
 * catalogue number for each way a token stops working.
 */
import { ErrorNumber, SESSION } from '@portal/contracts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import type { SessionKind } from '../../db/schema.ts';
import { newId, newToken, secretsEqual, sha256 } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

export type AuthContext = {
  sessionId: string;
  accountId: string;
  claimantId: string;
  kind: SessionKind;
  selectedClaimId: string | null;
};

/** Touching last_seen_at at most this often keeps reads cheap; the idle limit is minutes. */
const TOUCH_EVERY_MS = SESSION.activityRecordedEveryMs;

export function tokenHash(token: string): string {
  return sha256(token).toString('hex');
}

export async function startSession(
  deps: Deps,
  input: { accountId: string; kind: SessionKind; rememberMe: boolean; passkeyId?: string },
): Promise<{ token: string; sessionId: string }> {
  const now = deps.clock.now();
  const lifetime =
    input.rememberMe && input.kind === 'login' ? SESSION.rememberMeLifetimeMs : SESSION.absoluteLifetimeMs;
  return insertNewSession(deps, input, now, lifetime, null);
}

async function insertNewSession(
  deps: Deps,
  input: { accountId: string; kind: SessionKind; rememberMe: boolean; passkeyId?: string },
  now: number,
  lifetime: number,
  selectedClaimId: string | null,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const id = newId();
  await repo.insertSession(deps.db, {
    id,
    tokenHash: tokenHash(token),
    accountId: input.accountId,
    kind: input.kind,
    rememberMe: input.rememberMe,
    now,
    expiresAt: now + lifetime,
    selectedClaimId,
    passkeyId: input.passkeyId ?? null,
  });
  return { token, sessionId: id };
}

/**
 * Replaces a session with a new token (at step-up, and when a pending session completes):
 * the old one is revoked; the new one keeps the account, remember-me and selected claim.
 */
export async function rotateSession(
  deps: Deps,
  auth: AuthContext,
  kind: SessionKind,
): Promise<{ token: string; sessionId: string }> {
  const old = await repo.findSessionById(deps.db, auth.sessionId);
  if (!old) throw new AppError(ErrorNumber.SessionUnknown);
  const now = deps.clock.now();
  await repo.revokeSessionById(deps.db, auth.sessionId, now);
  const rememberMe = old.rememberMe && kind === 'login';
  const lifetime =
    kind === old.kind
      ? Math.max(0, old.expiresAt - now)
      : rememberMe
        ? SESSION.rememberMeLifetimeMs
        : SESSION.absoluteLifetimeMs;
  return insertNewSession(deps, { accountId: auth.accountId, kind, rememberMe }, now, lifetime, auth.selectedClaimId);
}

/** Resolves a token to its session or throws the token-expired number that says why. */
export async function authenticate(
  deps: Deps,
  token: unknown,
  kinds: readonly SessionKind[] = ['login'],
): Promise<AuthContext> {
  if (typeof token !== 'string' || token.length === 0) throw new AppError(ErrorNumber.TokenMissing);
  if (token.length > 256) throw new AppError(ErrorNumber.SessionUnknown);
  const hash = tokenHash(token);
  const s = await repo.findSessionByTokenHash(deps.db, hash);
  if (!s || !secretsEqual(s.tokenHash, hash)) throw new AppError(ErrorNumber.SessionUnknown);
  const now = deps.clock.now();
  if (s.revokedAt !== null) throw new AppError(ErrorNumber.SessionRevoked);
  if (now >= s.expiresAt) {
    await repo.revokeSessionById(deps.db, s.id, now);
    throw new AppError(ErrorNumber.SessionLifetimeExpired);
  }
  if (now - s.lastSeenAt >= SESSION.idleTimeoutMs) {
    await repo.revokeSessionById(deps.db, s.id, now);
    throw new AppError(ErrorNumber.SessionIdleExpired);
  }
  if (!kinds.includes(s.kind)) throw new AppError(ErrorNumber.TokenWrongKind);
  if (now - s.lastSeenAt >= TOUCH_EVERY_MS) await repo.touchSession(deps.db, s.id, now);
  return {
    sessionId: s.id,
    accountId: s.accountId,
    claimantId: s.claimantId,
    kind: s.kind,
    selectedClaimId: s.selectedClaimId,
  };
}

/** Revokes the session a token names, if any; unknown or already-ended tokens are ignored. */
export async function endSession(deps: Deps, token: unknown): Promise<void> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) return;
  const s = await repo.findSessionByTokenHash(deps.db, tokenHash(token));
  if (s) await repo.revokeSessionById(deps.db, s.id, deps.clock.now());
}

export async function selectClaimForSession(deps: Deps, sessionId: string, claimId: string | null): Promise<void> {
  await repo.setSelectedClaim(deps.db, sessionId, claimId);
}
