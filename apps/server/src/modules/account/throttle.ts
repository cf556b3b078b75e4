/**
 * Sign-in throttling: what is counted and under which policy (the store that counts is
 * plugins/throttle-store.ts). Failures are counted per username (known or not, so
 * a lock says nothing about whether the account exists) and per client address. Past a
 * threshold each further failure doubles a temporary delay, capped, so an attacker cannot
 * guess freely and cannot lock a claimant out for long; success clears the username's count.
 */
import { ErrorNumber } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { clientKey } from '../../lib/client-key.ts';
import { sha256 } from '../../lib/crypto.ts';
import { THROTTLE_FORGET_AFTER_MS, type Policy } from '../../plugins/throttle-store.ts';

export const THROTTLE = {
  username: { threshold: 5, baseMs: 30_000, maxMs: 15 * 60_000 },
  address: { threshold: 20, baseMs: 60_000, maxMs: 15 * 60_000 },
  /** A counter with no failure for this long starts again. */
  forgetAfterMs: THROTTLE_FORGET_AFTER_MS,
} as const;

export function throttleKeys(username: string, address: string) {
  return {
    username: `u:${sha256(username.toLowerCase()).toString('hex')}`,
    address: `a:${clientKey(address)}`,
  };
}

/** Milliseconds until any of these throttle keys allows another try (0: now). */
export async function waitFor(deps: Deps, keys: string[]): Promise<number> {
  const until = await deps.throttle.lockedUntil(keys);
  return Math.max(0, until - deps.clock.now());
}

/** Counts a failure against each key under its policy, locking it when the policy says so. */
export async function countFailures(deps: Deps, entries: readonly (readonly [string, Policy])[]): Promise<void> {
  const now = deps.clock.now();
  for (const [key, policy] of entries) await deps.throttle.recordFailure(key, policy, now);
}

/** The answer to an attempt while its throttle locks it: sign-in and the current-password check give the same. */
export function throttledError(waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(
    ErrorNumber.LoginThrottled,
    `Too many sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again, or reset your password.`,
  );
}

/**
 * The current password asked for by a password change is a password guess from a session that
 * may not be its owner's (a device left signed in): counted per account, under the username's
 * policy, so it cannot be guessed faster than at sign-in.
 */
export function passwordCheckKey(accountId: string): string {
  return `p:${accountId}`;
}

/** Milliseconds until sign-in may be tried again for this username or address (0: now). */
export function throttleWait(deps: Deps, keys: { username: string; address: string }): Promise<number> {
  return waitFor(deps, [keys.username, keys.address]);
}

export function recordFailure(deps: Deps, keys: { username: string; address: string }): Promise<void> {
  return countFailures(deps, [
    [keys.username, THROTTLE.username],
    [keys.address, THROTTLE.address],
  ]);
}

export async function recordSuccess(deps: Deps, keys: { username: string }): Promise<void> {
  await deps.throttle.clear(keys.username);
}
