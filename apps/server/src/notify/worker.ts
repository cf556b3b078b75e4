/**
 * Sends the notification outbox with the one outbox worker (lib/outbox-worker.ts): each due row is
 * leased as it comes up (two processes never send it at once), sent and marked sent, or retried with
 * back-off and after DELIVERY.maxAttempts parked as dead for an operator (`portal notifications
 * list --dead`, `retry`; /readyz counts them). docs/operations/notifications.md has the guarantees.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { createOutboxWorker, type OutboxWorker } from '../lib/outbox-worker.ts';
import type { Clock } from '../lib/clock.ts';
import { sealedAt, type Cipher } from '../lib/crypto.ts';
import {
  dueNotifications,
  leaseNotification,
  recordNotificationAttempt,
  withdrawNotification,
  type DueNotification,
} from './outbox.ts';
import type { Transports } from './transports.ts';

export const DELIVERY = {
  batch: 20,
  leaseMs: 60_000,
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 8,
  pollMs: 1_000,
} as const;

/** Its onFailed listeners are told the row's channel (plugins/metrics.ts counts failures by channel). */
export type Notifier = OutboxWorker<DueNotification>;

export function createNotifier(
  deps: { db: Db; clock: Clock; cipher: Cipher; log: FastifyBaseLogger; transports: Transports },
  options: { autoStart: boolean },
): Notifier {
  const { db, clock, cipher, log, transports } = deps;
  const channels = Object.keys(transports) as (keyof Transports)[];
  return createOutboxWorker(deps, options, {
    ...DELIVERY,
    backoff: DELIVERY,
    roundFailed: 'notification round failed',
    lease: async () => (channels.length === 0 ? [] : dueNotifications(db, clock.now(), channels, DELIVERY.batch)),
    async deliver(row) {
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
        await transport.send({
          id: row.id,
          channel: row.channel,
          to: cipher.decrypt(row.recipient_enc, sealedAt('notifications', 'recipient_enc', row.id)),
          subject: row.subject,
          text: cipher.decrypt(row.body_enc, sealedAt('notifications', 'body_enc', row.id)),
        });
        return { lease, error: null };
      } catch (e) {
        // Only the error's class of problem is kept: a transport message could echo the recipient.
        return {
          lease,
          error: e instanceof Error ? e.message.slice(0, 200).replace(/\S+@\S+/g, '[address]') : 'unknown',
        };
      }
    },
    async record(row, { lease }, outcome) {
      const { attempts, dead } = outcome;
      if (outcome.error !== null)
        log.warn(
          { notification: row.id, kind: row.kind, channel: row.channel, attempts, dead },
          'notification delivery failed',
        );
      await recordNotificationAttempt(db, row.id, lease, outcome);
    },
  });
}
