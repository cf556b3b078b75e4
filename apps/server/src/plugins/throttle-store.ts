/**
 * The throttle store, beside the rate-limit store: counters of failures with exponential locks,
 * in the database (login_throttle, whose one writer this is) or in Redis when REDIS_URL is set
 * (decision 015). What is counted, and under which policy, is the features' business
 * (modules/account/throttle.ts); how it is counted is here.
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { DependencyUnavailable } from '../errors.ts';

/** A counter with no failure for this long starts again (decision 005). */
export const THROTTLE_FORGET_AFTER_MS = 24 * 60 * 60_000;

export type Policy = { threshold: number; baseMs: number; maxMs: number };

export function lockDelayMs(failures: number, policy: Policy): number {
  if (failures < policy.threshold) return 0;
  return Math.min(policy.baseMs * 2 ** (failures - policy.threshold), policy.maxMs);
}

/** Counts one failure atomically; a counter untouched for `staleBefore` starts again at 1. */
async function recordThrottleFailure(db: Db, key: string, now: number, staleBefore: number): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, locked_until: 0, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.updated_at < ${staleBefore} then 1 else login_throttle.failures + 1 end`,
        updated_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

async function setThrottleLock(db: Db, key: string, lockedUntil: number): Promise<void> {
  await db.updateTable('login_throttle').set({ locked_until: lockedUntil }).where('key', '=', key).execute();
}

async function findThrottleLocks(db: Db, keys: string[]): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select(sql<number>`max(locked_until)`.as('until'))
    .where('key', 'in', keys)
    .executeTakeFirst();
  return Number(row?.until ?? 0);
}

async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/**
 * Where the counters and locks live: the database (login_throttle), or Redis when REDIS_URL is
 * set (decision 015). Instants are the app's clock, so both behave alike under a test clock.
 */
export type ThrottleStore = {
  /** The latest end of a lock on any of these keys (0: none). */
  lockedUntil: (keys: readonly string[]) => Promise<number>;
  /** Counts one failure at `now` (a count quiet for THROTTLE_FORGET_AFTER_MS starts again at 1),
   *  locks the key for lockDelayMs(count, policy); returns the count. */
  recordFailure: (key: string, policy: Policy, now: number) => Promise<number>;
  clear: (key: string) => Promise<void>;
};

export function databaseThrottleStore(db: Db): ThrottleStore {
  return {
    lockedUntil: (keys) => findThrottleLocks(db, [...keys]),
    recordFailure: async (key, policy, now) => {
      const failures = await recordThrottleFailure(db, key, now, now - THROTTLE_FORGET_AFTER_MS);
      const delay = lockDelayMs(failures, policy);
      if (delay > 0) await setThrottleLock(db, key, now + delay);
      return failures;
    },
    clear: (key) => clearThrottle(db, key),
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

/**
 * Keys under REDIS_PREFIX + 'throttle:'. Unreachable Redis fails closed: the attempt is refused,
 * as busy (198 with Retry-After, decision 037).
 */
export function redisThrottleStore(redis: Redis, log: FastifyBaseLogger): ThrottleStore {
  const id = (key: string) => `throttle:${key}`;
  const refuse = (err: unknown): never => {
    log.warn({ err }, 'attempt refused: the throttle counters in Redis cannot be reached');
    throw new DependencyUnavailable('redis');
  };
  return {
    lockedUntil: async (keys) => {
      const until = await Promise.all(keys.map((k) => redis.hget(id(k), 'until'))).catch(refuse);
      return Math.max(0, ...until.map(Number));
    },
    recordFailure: async (key, policy, now) => {
      const args = [now, THROTTLE_FORGET_AFTER_MS, policy.threshold, ...lockSchedule(policy)];
      const failures = await redis.eval(RECORD_FAILURE, 1, id(key), ...args).catch(refuse);
      return Number(failures);
    },
    clear: async (key) => {
      await redis.del(id(key)).catch(refuse);
    },
  };
}

/** Forgets counters quiet for longer than they are remembered anyway (the hourly clean-up). */
export async function removeStaleThrottles(db: Db, now: number): Promise<number> {
  const res = await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', now - THROTTLE_FORGET_AFTER_MS)
    .where('locked_until', '<', now)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
