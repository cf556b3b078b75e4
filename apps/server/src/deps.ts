import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DialectName } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Cipher } from './lib/crypto.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { ThrottleStore } from './plugins/throttle-store.ts';
import type { Notifier } from './notify/worker.ts';

/** What every service function is handed: no globals, so tests swap the clock and the database. */
export type Deps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  cipher: Cipher;
  /** Keyed hashing of access codes and device cookies, derived from the data key. */
  hmacKey: Buffer;
  notifier: Notifier;
  /** Sign-in throttle counters: the database, or Redis when REDIS_URL is set (decision 015). */
  throttle: ThrottleStore;
  /** Exact caches of the reads every claimant request makes (lib/read-cache.ts, decision 031). */
  reads: ReadCache;
  config: Config;
  log: FastifyBaseLogger;
  build: { commit: string; builtAt: string };
};
