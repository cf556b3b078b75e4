/**
 * Drains the notification outbox: due rows are leased (so two processes never send the same
 * row at once), sent, and marked sent; a failure is retried with exponential back-off and
 * jitter, and after MAX_ATTEMPTS the row is parked as dead for an operator.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { Cipher } from '../lib/crypto.ts';
import type { Transports } from './transports.ts';

export const DELIVERY = {
  batch: 20,
  leaseMs: 60_000,
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 8,
  pollMs: 1_000,
} as const;

export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(DELIVERY.baseDelayMs * 2 ** Math.max(0, attempts - 1), DELIVERY.maxDelayMs);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export type Notifier = {
  /** Ask for a delivery round soon (after a transaction that enqueued something has committed). */
  wake: () => void;
  /** One delivery round; resolves with the number of notifications sent. */
  drainOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

export function createNotifier(deps: { db: Db; clock: Clock; cipher: Cipher; log: FastifyBaseLogger; transports: Transports }, options: { autoStart: boolean }): Notifier {
  const { db, clock, cipher, log, transports } = deps;
  const channels = Object.keys(transports) as (keyof Transports)[];
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(row: { id: string; channel: 'email' | 'sms'; recipient_enc: string; subject: string; body_enc: string | null; attempts: number; kind: string }): Promise<boolean> {
    const now = clock.now();
    const leased = await db
      .updateTable('notifications')
      .set({ locked_until: now + DELIVERY.leaseMs })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where('dead_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) !== 1) return false;
    const transport = transports[row.channel];
    try {
      if (!transport || row.body_enc === null) throw new Error('no transport');
      await transport.send({ channel: row.channel, to: cipher.decrypt(row.recipient_enc), subject: row.subject, text: cipher.decrypt(row.body_enc) });
      await db.updateTable('notifications').set({ sent_at: clock.now(), body_enc: null, locked_until: null, attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
      return true;
    } catch (e) {
      const attempts = row.attempts + 1;
      const dead = attempts >= DELIVERY.maxAttempts;
      // Only the error's class of problem is kept: a transport message could echo the recipient.
      const reason = e instanceof Error ? e.message.slice(0, 200).replace(/\S+@\S+/g, '[address]') : 'unknown';
      log.warn({ notification: row.id, kind: row.kind, channel: row.channel, attempts, dead }, 'notification delivery failed');
      await db
        .updateTable('notifications')
        .set({
          attempts,
          last_error: reason,
          locked_until: null,
          next_attempt_at: clock.now() + retryDelayMs(attempts),
          dead_at: dead ? clock.now() : null,
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
  }

  async function round(): Promise<number> {
    if (channels.length === 0) return 0;
    const due = await db
      .selectFrom('notifications')
      .select(['id', 'channel', 'recipient_enc', 'subject', 'body_enc', 'attempts', 'kind'])
      .where('sent_at', 'is', null)
      .where('dead_at', 'is', null)
      .where('next_attempt_at', '<=', clock.now())
      .where('channel', 'in', channels)
      .orderBy('created_at')
      .limit(DELIVERY.batch)
      .execute();
    let sent = 0;
    for (const row of due) if (await deliver(row)) sent++;
    return sent;
  }

  function drainOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((e: unknown) => {
        log.error({ err: e }, 'notification round failed');
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

  const timer = options.autoStart ? setInterval(() => void drainOnce(), DELIVERY.pollMs) : null;
  timer?.unref();

  return {
    wake: () => {
      if (!stopped) setImmediate(() => void drainOnce());
    },
    drainOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
