/**
 * Sign-in throttling (foundation issue). Failures are counted per username (known or not, so
 * a lock says nothing about whether the account exists) and per client address. Past a
 * threshold each further failure doubles a temporary delay, capped, so an attacker cannot
 * guess freely and cannot lock a claimant out for long; success clears the username's count.
 */
import type { Deps } from '../../deps.ts';
import { sha256 } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

export const THROTTLE = {
  username: { threshold: 5, baseMs: 30_000, maxMs: 15 * 60_000 },
  address: { threshold: 20, baseMs: 60_000, maxMs: 15 * 60_000 },
  /** A counter with no failure for this long starts again. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

export type Policy = { threshold: number; baseMs: number; maxMs: number };

export function lockDelayMs(failures: number, policy: Policy): number {
  if (failures < policy.threshold) return 0;
  return Math.min(policy.baseMs * 2 ** (failures - policy.threshold), policy.maxMs);
}

export function throttleKeys(username: string, address: string) {
  return {
    username: `u:${sha256(username.toLowerCase()).toString('hex')}`,
    address: `a:${address}`,
  };
}

/** Milliseconds until any of these throttle keys allows another try (0: now). */
export async function waitFor(deps: Deps, keys: string[]): Promise<number> {
  const until = await repo.findThrottleLocks(deps.db, keys);
  return Math.max(0, until - deps.clock.now());
}

/** Counts a failure against each key under its policy, locking it when the policy says so. */
export async function countFailures(deps: Deps, entries: readonly (readonly [string, Policy])[]): Promise<void> {
  const now = deps.clock.now();
  const stale = now - THROTTLE.forgetAfterMs;
  for (const [key, policy] of entries) {
    const failures = await repo.recordThrottleFailure(deps.db, key, now, stale);
    const delay = lockDelayMs(failures, policy);
    if (delay > 0) await repo.setThrottleLock(deps.db, key, now + delay);
  }
}

/** Milliseconds until sign-in may be tried again for this username or address (0: now). */
export function throttleWait(deps: Deps, keys: { username: string; address: string }): Promise<number> {
  return waitFor(deps, [keys.username, keys.address]);
}

export function recordFailure(deps: Deps, keys: { username: string; address: string }): Promise<void> {
  return countFailures(deps, [[keys.username, THROTTLE.username], [keys.address, THROTTLE.address]]);
}

export async function recordSuccess(deps: Deps, keys: { username: string }): Promise<void> {
  await repo.clearThrottle(deps.db, keys.username);
}
