/**
 * The one outbox worker (STYLE rule 14) of notify/worker.ts and modules/provider/delivery.ts: a use
 * says how to lease due rows, deliver one and record it, its SQL in its table's repository (rule 13);
 * the worker keeps one round at a time per process, back-off, dead letters, the poll timer and stop.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';

/** Background work a process runs: started by buildApp after every route (startJobs), stopped when it closes. */
export type Job = { start: () => void; stop: () => Promise<void> };

/** Runs `work` every `ms` once started, without keeping the process alive for it. */
export function every(ms: number, work: () => void): Job {
  let timer: NodeJS.Timeout | undefined;
  return { start: () => void (timer ??= setInterval(work, ms).unref()), stop: async () => clearInterval(timer) };
}

/**
 * The process's background work, in one place once every route is registered: each job started
 * when `start` (with it off nothing polls, and a job is only run by hand), all stopped with the app.
 * The jobs are defined where their work is (the notifier, the provider's delivery, the hourly
 * clean-up of housekeeping) and composed by buildApp.
 */
export function startJobs(app: FastifyInstance, jobs: readonly Job[], start: boolean): void {
  if (start) for (const job of jobs) job.start();
  app.addHook('onClose', async () => void (await Promise.all(jobs.map((job) => job.stop()))));
}

/** The wait after the nth failure: half to all of base·2^(n-1), capped; random, so processes spread out. */
function backoffMs(
  backoff: { baseDelayMs: number; maxDelayMs: number },
  attempts: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(backoff.baseDelayMs * 2 ** Math.max(0, attempts - 1), backoff.maxDelayMs);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** What became of an attempt, for the use to record; `error` null when delivered. */
export type Outcome = { at: number; attempts: number; error: string | null; dead: boolean; nextAttemptAt: number };

export type OutboxUse<Row, Tried> = {
  pollMs: number;
  maxAttempts: number;
  backoff: { baseDelayMs: number; maxDelayMs: number };
  random?: () => number;
  /** Lease batch after batch while one delivers something (the provider's per-claim order makes the next event due). */
  untilIdle?: boolean;
  roundFailed: string;
  lease: () => Promise<Row[]>;
  /** Tries one row; null when it is not this worker's to send after all (taken by another process, withdrawn). */
  deliver: (row: Row) => Promise<Tried | null>;
  record: (row: Row, tried: Tried, outcome: Outcome) => Promise<void>;
};

export type OutboxWorker<Row> = Job & {
  /** Ask for a round soon (after a transaction that queued something has committed). */
  wake: () => void;
  /** One round; resolves with the number delivered. A call during a round joins it and asks for one more after it. */
  drainOnce: () => Promise<number>;
  /** Be told of each failed attempt once it is recorded (plugins/metrics.ts counts them). */
  onFailed: (listener: (row: Row, dead: boolean) => void) => void;
};

export function createOutboxWorker<Row extends { attempts: number }, Tried extends { error: string | null }>(
  deps: { clock: Clock; log: { error: (fields: object, message: string) => void } },
  options: { autoStart: boolean },
  use: OutboxUse<Row, Tried>,
): OutboxWorker<Row> {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const failureListeners: ((row: Row, dead: boolean) => void)[] = [];

  async function deliver(row: Row): Promise<boolean> {
    const tried = await use.deliver(row);
    if (!tried) return false;
    const [at, attempts, failed] = [deps.clock.now(), row.attempts + 1, tried.error !== null];
    const dead = failed && attempts >= use.maxAttempts;
    await use.record(row, tried, {
      at,
      attempts,
      error: tried.error,
      dead,
      nextAttemptAt: failed ? at + backoffMs(use.backoff, attempts, use.random) : at,
    });
    if (failed) for (const listener of failureListeners) listener(row, dead);
    return !failed;
  }

  async function round(): Promise<number> {
    for (let delivered = 0; ;) {
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
  if (options.autoStart) timer.start();
  return {
    start: timer.start,
    wake: () => {
      if (!stopped) setImmediate(() => void drainOnce());
    },
    drainOnce,
    onFailed: (listener) => void failureListeners.push(listener),
    stop: async () => {
      stopped = true;
      await timer.stop();
      await running;
    },
  };
}
