/**
 * Sends the notification outbox, as a use of the one outbox worker (jobs/outbox-worker.ts): each
 * due row is leased as it comes up (so two processes never send the same row at once), sent, and
 * marked sent; a failure is retried with back-off, and after DELIVERY.maxAttempts the row is
 * parked as dead for an operator (`portal notifications list --dead`, `notifications retry`; the
 * count is in /readyz). docs/operations/notifications.md describes the delivery guarantees.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { createOutboxWorker } from '../jobs/outbox-worker.ts';
import type { Job } from '../jobs/job.ts';
import type { Clock } from '../lib/clock.ts';
import { sealedAt, type Cipher } from '../lib/crypto.ts';
import { dueNotifications, leaseNotification, recordNotificationAttempt, withdrawNotification } from './outbox.ts';
import type { Transports } from './transports.ts';

export const DELIVERY = {
  batch: 20,
  leaseMs: 60_000,
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 8,
  pollMs: 1_000,
} as const;

/** A failed attempt, as the metrics count it: the channel and whether the row is now parked as dead. */
export type DeliveryFailure = { channel: 'email' | 'sms'; dead: boolean };

export type Notifier = Job & {
  /** Ask for a delivery round soon (after a transaction that enqueued something has committed). */
  wake: () => void;
  /** Be told of each failed attempt once it is recorded (plugins/metrics.ts counts them). */
  onDeliveryFailed: (listener: (failure: DeliveryFailure) => void) => void;
  /** One delivery round; resolves with the number of notifications sent. */
  drainOnce: () => Promise<number>;
};

type Due = Awaited<ReturnType<typeof dueNotifications>>[number];

export function createNotifier(deps: { db: Db; clock: Clock; cipher: Cipher; log: FastifyBaseLogger; transports: Transports }, options: { autoStart: boolean }): Notifier {
  const { db, clock, cipher, log, transports } = deps;
  const channels = Object.keys(transports) as (keyof Transports)[];
  const worker = createOutboxWorker(deps, {
    ...DELIVERY,
    backoff: DELIVERY,
    roundFailed: 'notification round failed',
    lease: async () => (channels.length === 0 ? [] : dueNotifications(db, clock.now(), channels, DELIVERY.batch)),
    async deliver(row: Due) {
      const now = clock.now();
      const lease = now + DELIVERY.leaseMs;
      if (!(await leaseNotification(db, row, now, lease))) return null;
      if (row.expires_at !== null && row.expires_at <= now) {
        // Worthless now (an access code that has expired): withdrawn, like a cancelled message.
        await withdrawNotification(db, row.id, lease);
        return null;
      }
      const transport = transports[row.channel];
      try {
        if (!transport) throw new Error(`no ${row.channel} transport`);
        if (row.body_enc === null) throw new Error('nothing to send');
        await transport.send({ id: row.id, channel: row.channel, to: cipher.decrypt(row.recipient_enc, sealedAt('notifications', 'recipient_enc', row.id)), subject: row.subject, text: cipher.decrypt(row.body_enc, sealedAt('notifications', 'body_enc', row.id)) });
        return { lease, error: null };
      } catch (e) {
        // Only the error's class of problem is kept: a transport message could echo the recipient.
        return { lease, error: e instanceof Error ? e.message.slice(0, 200).replace(/\S+@\S+/g, '[address]') : 'unknown' };
      }
    },
    async record(row, { lease }, outcome) {
      const { attempts, dead } = outcome;
      if (outcome.error !== null) log.warn({ notification: row.id, kind: row.kind, channel: row.channel, attempts, dead }, 'notification delivery failed');
      await recordNotificationAttempt(db, row.id, lease, outcome);
    },
  });
  if (options.autoStart) worker.start();
  return {
    ...worker,
    onDeliveryFailed: (listener) => worker.onFailed((row, dead) => listener({ channel: row.channel, dead })),
  };
}
