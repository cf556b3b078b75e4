/**
 * The one outbox worker (STYLE rule 14), for the e-mail and SMS notifications (notify/worker.ts)
 * and the provider webhook's events (modules/provider/delivery.ts). A use supplies how to lease a
 * batch of due rows, how to deliver one and how to record what happened; the SQL stays with each
 * table's repository (rule 13). The worker keeps the rest: one round at a time in a process,
 * exponential back-off with jitter after a failure, dead after the use's number of attempts, a
 * poll timer, wake() after a commit, stop().
 */
import type { Clock } from '../lib/clock.ts';
import { every, type Job } from './job.ts';

export type Backoff = { baseDelayMs: number; maxDelayMs: number };

/** The wait after the nth failed attempt: half to all of base·2^(n-1), capped, picked at random so processes spread out. */
export function backoffMs(backoff: Backoff, attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.baseDelayMs * 2 ** Math.max(0, attempts - 1), backoff.maxDelayMs);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** What became of an attempt, for the use to record: `error` null when the row was delivered. */
export type Outcome = { at: number; attempts: number; error: string | null; dead: boolean; nextAttemptAt: number };

export type OutboxUse<Row extends { attempts: number }, Tried extends { error: string | null }> = {
  pollMs: number;
  maxAttempts: number;
  backoff: Backoff;
  random?: () => number;
  /** Lease batch after batch in a round while one delivers something (the provider's per-claim order makes the next event due). */
  untilIdle?: boolean;
  /** Logged with the error when a round fails as a whole. */
  roundFailed: string;
  /** Due rows, in the order they go out. */
  lease: () => Promise<Row[]>;
  /** Tries one row; null when it is not this worker's to send after all (taken by another process, withdrawn). */
  deliver: (row: Row) => Promise<Tried | null>;
  record: (row: Row, tried: Tried, outcome: Outcome) => Promise<void>;
};

export type OutboxWorker<Row> = Job & {
  /** Ask for a round soon (after a transaction that queued something has committed). */
  wake: () => void;
  /** One round; resolves with the number of rows delivered. A call during a round joins it and asks for one more after it. */
  drainOnce: () => Promise<number>;
  /** Be told of each failed attempt once it is recorded. */
  onFailed: (listener: (row: Row, dead: boolean) => void) => void;
};

export function createOutboxWorker<Row extends { attempts: number }, Tried extends { error: string | null }>(
  deps: { clock: Clock; log: { error: (fields: object, message: string) => void } },
  use: OutboxUse<Row, Tried>,
): OutboxWorker<Row> {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const failureListeners: ((row: Row, dead: boolean) => void)[] = [];

  async function deliver(row: Row): Promise<boolean> {
    const tried = await use.deliver(row);
    if (!tried) return false;
    const at = deps.clock.now();
    const attempts = row.attempts + 1;
    const failed = tried.error !== null;
    const dead = failed && attempts >= use.maxAttempts;
    await use.record(row, tried, { at, attempts, error: tried.error, dead, nextAttemptAt: failed ? at + backoffMs(use.backoff, attempts, use.random) : at });
    if (failed) for (const listener of failureListeners) listener(row, dead);
    return !failed;
  }

  async function round(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const due = await use.lease();
      // A round going on until idle ends at a stop; a single batch is finished (tests drive a stopped worker by hand).
      if (due.length === 0 || (use.untilIdle && stopped)) return delivered;
      let progress = 0;
      for (const row of due) if (await deliver(row)) progress++;
      delivered += progress;
      if (!use.untilIdle || progress === 0) return delivered;
    }
  }

  function drainOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => {
        deps.log.error({ err }, use.roundFailed);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void drainOnce();
        }
      });
    return running;
  }

  const timer = every(use.pollMs, () => void drainOnce());
  return {
    start: timer.start,
    wake: () => {
      if (!stopped) setImmediate(() => void drainOnce());
    },
    drainOnce,
    onFailed: (listener) => {
      failureListeners.push(listener);
    },
    stop: async () => {
      stopped = true;
      await timer.stop();
      await running;
    },
  };
}
