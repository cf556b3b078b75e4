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
import { tag } from '../../lib/read-cache.ts';
import * as repo from './repository.ts';

/** A helper acting for a claimant on the selected claim (decision 041). */
type HelperActing = {
  grantId: string;
  /** The helper's own account and claimant, the session's. */
  accountId: string;
  claimantId: string;
  name: string;
  scope: 'View' | 'Send' | 'Act';
};

export type AuthContext = {
  sessionId: string;
  accountId: string;
  claimantId: string;
  kind: SessionKind;
  /** The selected claim, when it is the claimant's own (on a helper's claim call: the claim helped). */
  selectedClaimId: string | null;
  /**
   * The selected claim, when it is not the account's own: one it helps with, checked on each claim
   * call (helpers/access.ts); null on a claim call's context.
   */
  helpingClaimId: string | null;
  /**
   * Set on a claim call made by a helper: accountId and claimantId are then the claimant's, so the
   * claim's data is theirs; the helper's own are here.
   */
  helper?: HelperActing;
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
  await revoke(deps, { id: auth.sessionId }, now);
  const rememberMe = old.rememberMe && kind === 'login';
  const lifetime =
    kind === old.kind
      ? Math.max(0, old.expiresAt - now)
      : rememberMe
        ? SESSION.rememberMeLifetimeMs
        : SESSION.absoluteLifetimeMs;
  return insertNewSession(deps, { accountId: auth.accountId, kind, rememberMe }, now, lifetime, auth.selectedClaimId);
}

const sessionKey = (hash: string) => `session-by-token:${hash}`;

/**
 * The session a token's digest names, with its account and selected claim: from the read cache
 * (decision 031), tagged so that every write to the session, its account or its claimant drops it.
 */
function findSession(deps: Deps, hash: string): Promise<repo.SessionRow | undefined> {
  return deps.reads.read(sessionKey(hash), async () => {
    const s = await repo.findSessionByTokenHash(deps.db, hash);
    return s && { value: s, tags: [tag.session(s.id), tag.account(s.accountId), tag.claimant(s.claimantId)] };
  });
}

/** Why the session cannot be used now, or undefined when it can. */
function refusal(s: repo.SessionRow, now: number, kinds: readonly SessionKind[]): ErrorNumber | undefined {
  if (s.revokedAt !== null) return ErrorNumber.SessionRevoked;
  if (now >= s.expiresAt) return ErrorNumber.SessionLifetimeExpired;
  if (now - s.lastSeenAt >= SESSION.idleTimeoutMs) return ErrorNumber.SessionIdleExpired;
  if (!kinds.includes(s.kind)) return ErrorNumber.TokenWrongKind;
  return undefined;
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
  let s = await findSession(deps, hash);
  const now = deps.clock.now();
  let refused = s && refusal(s, now, kinds);
  if (refused === ErrorNumber.SessionIdleExpired) {
    // The cached last-seen time is this process's: another process may have seen the session
    // since. Only the database's may end it.
    deps.reads.forget(sessionKey(hash));
    s = await findSession(deps, hash);
    refused = s && refusal(s, now, kinds);
  }
  if (!s || !secretsEqual(s.tokenHash, hash)) throw new AppError(ErrorNumber.SessionUnknown);
  if (refused === ErrorNumber.SessionLifetimeExpired || refused === ErrorNumber.SessionIdleExpired) {
    await revoke(deps, s, now);
  }
  if (refused !== undefined) throw new AppError(refused);
  if (now - s.lastSeenAt >= TOUCH_EVERY_MS) {
    await repo.touchSession(deps.db, s.id, now);
    // The cached row is this process's own copy: it records the touch (no other process needs it).
    s.lastSeenAt = now;
  }
  return {
    sessionId: s.id,
    accountId: s.accountId,
    claimantId: s.claimantId,
    kind: s.kind,
    selectedClaimId: s.selectedClaimId,
    helpingClaimId: s.helpingClaimId,
  };
}

/** Ends one session, in the database and in every process's read cache. */
export async function revoke(deps: Deps, s: { id: string }, now: number): Promise<void> {
  await repo.revokeSessionById(deps.db, s.id, now);
  await deps.reads.changed(tag.session(s.id));
}

/** Every session of the account ends (but the one kept): call once the revoking write has committed. */
export function accountSessionsChanged(deps: Deps, accountId: string): Promise<void> {
  return deps.reads.changed(tag.account(accountId));
}

/** Revokes the session a token names, if any; unknown or already-ended tokens are ignored. */
export async function endSession(deps: Deps, token: unknown): Promise<void> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) return;
  const s = await repo.findSessionByTokenHash(deps.db, tokenHash(token));
  if (s) await revoke(deps, s, deps.clock.now());
}

export async function selectClaimForSession(deps: Deps, sessionId: string, claimId: string | null): Promise<void> {
  await repo.setSelectedClaim(deps.db, sessionId, claimId);
  await deps.reads.changed(tag.session(sessionId));
}
