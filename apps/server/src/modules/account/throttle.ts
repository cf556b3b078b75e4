/**
 * Sign-in throttling (foundation issue). Failures are counted per username (known or not, so
 * a lock says nothing about whether the account exists) and per client address. Past a
 * threshold each further failure doubles a temporary delay, capped, so an attacker cannot
 * guess freely and cannot lock a claimant out for long; success clears the username's count.
 */
import type { Redis } from 'ioredis';
import { ErrorNumber } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { clientKey } from '../../lib/client-key.ts';
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
    address: `a:${clientKey(address)}`,
  };
}

/**
 * Where the counters and locks live: the database (login_throttle), or Redis when REDIS_URL is
 * set (decision 015). Instants are the app's clock, so both behave alike under a test clock.
 */
export type ThrottleStore = {
  /** The latest end of a lock on any of these keys (0: none). */
  lockedUntil: (keys: readonly string[]) => Promise<number>;
  /** Counts one failure at `now` (a count quiet for THROTTLE.forgetAfterMs starts again at 1),
   *  locks the key for lockDelayMs(count, policy); returns the count. */
  recordFailure: (key: string, policy: Policy, now: number) => Promise<number>;
  clear: (key: string) => Promise<void>;
};

export function databaseThrottleStore(db: Db): ThrottleStore {
  return {
    lockedUntil: (keys) => repo.findThrottleLocks(db, [...keys]),
    recordFailure: async (key, policy, now) => {
      const failures = await repo.recordThrottleFailure(db, key, now, now - THROTTLE.forgetAfterMs);
      const delay = lockDelayMs(failures, policy);
      if (delay > 0) await repo.setThrottleLock(db, key, now + delay);
      return failures;
    },
    clear: (key) => repo.clearThrottle(db, key),
  };
}

/**
 * One hash per key, { failures, updated, until }, counted and locked in one step. The delays
 * come from lockDelayMs (ARGV[4] for the threshold-th failure, the last one repeating), so the
 * rule stays in one place. The hash expires by itself once it would be forgotten anyway.
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local forget = tonumber(ARGV[2])
local threshold = tonumber(ARGV[3])
local updated = tonumber(redis.call('HGET', KEYS[1], 'updated') or '-1')
local failures = 1
if updated < now - forget then
  redis.call('HSET', KEYS[1], 'failures', 1)
else
  failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
end
redis.call('HSET', KEYS[1], 'updated', ARGV[1])
if failures >= threshold then
  local delay = tonumber(ARGV[math.min(4 + failures - threshold, #ARGV)])
  redis.call('HSET', KEYS[1], 'until', string.format('%.0f', now + delay))
end
redis.call('PEXPIRE', KEYS[1], forget)
return failures
`;

/** The lock delays of a policy from its threshold on, up to and including the first at the cap. */
export function lockSchedule(policy: Policy): number[] {
  const delays = [];
  // Doubling reaches the cap within 64 steps from any positive base.
  for (let failures = policy.threshold; delays.length < 64; failures++) {
    const delay = lockDelayMs(failures, policy);
    delays.push(delay);
    if (delay >= policy.maxMs) break;
  }
  return delays;
}

/** Keys under REDIS_PREFIX + 'throttle:'. Unreachable Redis fails closed: the attempt is refused. */
export function redisThrottleStore(redis: Redis, log: FastifyBaseLogger): ThrottleStore {
  const id = (key: string) => `throttle:${key}`;
  const refuse = (err: unknown): never => {
    log.warn({ err }, 'attempt refused: the throttle counters in Redis cannot be reached');
    throw new AppError(ErrorNumber.Internal);
  };
  return {
    lockedUntil: async (keys) => {
      const until = await Promise.all(keys.map((k) => redis.hget(id(k), 'until'))).catch(refuse);
      return Math.max(0, ...until.map(Number));
    },
    recordFailure: async (key, policy, now) => {
      const args = [now, THROTTLE.forgetAfterMs, policy.threshold, ...lockSchedule(policy)];
      const failures = await redis.eval(RECORD_FAILURE, 1, id(key), ...args).catch(refuse);
      return Number(failures);
    },
    clear: async (key) => {
      await redis.del(id(key)).catch(refuse);
    },
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
  return countFailures(deps, [[keys.username, THROTTLE.username], [keys.address, THROTTLE.address]]);
}

export async function recordSuccess(deps: Deps, keys: { username: string }): Promise<void> {
  await deps.throttle.clear(keys.username);
}
