/**
 * Drains the notification outbox: due rows are leased (so two processes never send the same
 * row at once), sent, and marked sent; a failure is retried with exponential back-off and
 * jitter, and after DELIVERY.maxAttempts the row is parked as dead for an operator (`portal
 * notifications list --dead`, `notifications retry`; the count is in /readyz).
 * docs/operations/notifications.md describes the delivery guarantees.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { sealedAt, type Cipher } from '../lib/crypto.ts';
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

/** A failed attempt, as the metrics count it: the channel and whether the row is now parked as dead. */
export type DeliveryFailure = { channel: 'email' | 'sms'; dead: boolean };

export type Notifier = {
  /** Ask for a delivery round soon (after a transaction that enqueued something has committed). */
  wake: () => void;
  /** Be told of each failed attempt once it is recorded (plugins/metrics.ts counts them). */
  onDeliveryFailed: (listener: (failure: DeliveryFailure) => void) => void;
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
  const failureListeners: ((failure: DeliveryFailure) => void)[] = [];

  async function deliver(row: { id: string; channel: 'email' | 'sms'; recipient_enc: string; subject: string; body_enc: string | null; attempts: number; kind: string; expires_at: number | null }): Promise<boolean> {
    const now = clock.now();
    const lease = now + DELIVERY.leaseMs;
    // The row as it was selected, still due and not leased: another process may have tried it
    // (and rescheduled it) since, or it may have been sent, cancelled or removed.
    const leased = await db
      .updateTable('notifications')
      .set({ locked_until: lease })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where('dead_at', 'is', null)
      .where('attempts', '=', row.attempts)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) !== 1) return false;
    // The outcome is written only while the lease is still this round's: once it has run out,
    // another process owns the row, and a late answer here must not undo what it recorded.
    const ours = () => db.updateTable('notifications').where('id', '=', row.id).where('locked_until', '=', lease);
    if (row.expires_at !== null && row.expires_at <= now) {
      // Worthless now (an access code that has expired): withdrawn, like a cancelled message.
      await db.deleteFrom('notifications').where('id', '=', row.id).where('locked_until', '=', lease).execute();
      return false;
    }
    const transport = transports[row.channel];
    try {
      if (!transport) throw new Error(`no ${row.channel} transport`);
      if (row.body_enc === null) throw new Error('nothing to send');
      await transport.send({ id: row.id, channel: row.channel, to: cipher.decrypt(row.recipient_enc, sealedAt('notifications', 'recipient_enc', row.id)), subject: row.subject, text: cipher.decrypt(row.body_enc, sealedAt('notifications', 'body_enc', row.id)) });
      await ours().set({ sent_at: clock.now(), body_enc: null, locked_until: null, attempts: row.attempts + 1 }).execute();
      return true;
    } catch (e) {
      const attempts = row.attempts + 1;
      const dead = attempts >= DELIVERY.maxAttempts;
      // Only the error's class of problem is kept: a transport message could echo the recipient.
      const reason = e instanceof Error ? e.message.slice(0, 200).replace(/\S+@\S+/g, '[address]') : 'unknown';
      log.warn({ notification: row.id, kind: row.kind, channel: row.channel, attempts, dead }, 'notification delivery failed');
      await ours()
        .set({
          attempts,
          last_error: reason,
          locked_until: null,
          next_attempt_at: clock.now() + retryDelayMs(attempts),
          dead_at: dead ? clock.now() : null,
        })
        .execute();
      for (const listener of failureListeners) listener({ channel: row.channel, dead });
      return false;
    }
  }

  async function round(): Promise<number> {
    if (channels.length === 0) return 0;
    const due = await db
      .selectFrom('notifications')
      .select(['id', 'channel', 'recipient_enc', 'subject', 'body_enc', 'attempts', 'kind', 'expires_at'])
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
    onDeliveryFailed: (listener) => {
      failureListeners.push(listener);
    },
    drainOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type NotificationFilter = 'pending' | 'dead' | 'all';

/** For the operator: what is waiting, dead or sent, oldest first. Never the recipient or the text. */
export async function listNotifications(db: Db, filter: NotificationFilter, limit = 100) {
  let q = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'channel', 'account_id', 'created_at', 'attempts', 'last_error', 'next_attempt_at', 'sent_at', 'dead_at', 'expires_at']);
  if (filter === 'pending') q = q.where('sent_at', 'is', null).where('dead_at', 'is', null);
  if (filter === 'dead') q = q.where('sent_at', 'is', null).where('dead_at', 'is not', null);
  return q.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/**
 * How many notifications are parked as dead and could still be retried (for /readyz). An expired
 * one (an access code past its lifetime) no longer counts: nothing can be done for it, and an
 * alert on the count would never clear.
 */
export async function countDeadNotifications(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('sent_at', 'is', null)
    .where('dead_at', 'is not', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Puts a dead notification back in line, due now, with a fresh attempt count. Not once it has
 * expired: an access code's message is worthless after the code's lifetime, and the claimant
 * gets a new code by pressing "Re-send my code".
 */
export async function retryNotification(db: Db, now: number, id: string): Promise<'retried' | 'not-dead' | 'expired'> {
  const row = await db.selectFrom('notifications').select(['expires_at']).where('id', '=', id).where('sent_at', 'is', null).where('dead_at', 'is not', null).executeTakeFirst();
  if (!row) return 'not-dead';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  const res = await db
    .updateTable('notifications')
    .set({ dead_at: null, attempts: 0, next_attempt_at: now, locked_until: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('dead_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? 'retried' : 'not-dead';
}
