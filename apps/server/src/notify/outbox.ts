/**
 * The notification outbox: a row written in the same transaction as the event that causes it,
 * delivered afterwards by the worker, so nothing is lost if the process stops in between.
 * Recipient and body are encrypted while they wait (a body may hold an access code) and the
 * body is cleared once delivered. A message that has become useless before it went out (an
 * access code that was re-sent, used or expired) is withdrawn by deleting its row.
 */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Outcome } from '../lib/outbox-worker.ts';
import { newId, sealedAt, type Cipher } from '../lib/crypto.ts';
import type { Channel } from './transports.ts';

export type Notification = {
  accountId: string | null;
  kind: string;
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  /** After this instant the message is worthless (an access code's expiry). */
  expiresAt?: number;
};

export async function enqueueNotification(
  db: Kysely<Database> | Transaction<Database>,
  cipher: Cipher,
  now: number,
  n: Notification,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('notifications')
    .values({
      id,
      account_id: n.accountId,
      kind: n.kind,
      channel: n.channel,
      recipient_enc: cipher.encrypt(n.to, sealedAt('notifications', 'recipient_enc', id)),
      subject: n.subject,
      body_enc: cipher.encrypt(n.text, sealedAt('notifications', 'body_enc', id)),
      created_at: now,
      next_attempt_at: now,
      locked_until: null,
      attempts: 0,
      last_error: null,
      sent_at: null,
      dead_at: null,
      expires_at: n.expiresAt ?? null,
    })
    .execute();
  return id;
}

/**
 * Withdraws messages that have not gone out. Deleting (rather than marking) keeps the worker's
 * query unchanged and wins every race with it: a row deleted before its lease is never leased,
 * and one deleted while it is being sent cannot be rescheduled, because the worker's update
 * afterwards finds no row. A message already handed to a transport is out of reach.
 */
export async function cancelNotifications(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly (string | null)[],
): Promise<void> {
  const pending = ids.filter((id): id is string => id !== null);
  if (pending.length === 0) return;
  await db.deleteFrom('notifications').where('id', 'in', pending).where('sent_at', 'is', null).execute();
}

export type DueNotification = Awaited<ReturnType<typeof dueNotifications>>[number];

/** Not sent, not dead, and due by `now`. */
const waiting = (now: number) => (eb: ExpressionBuilder<Database, 'notifications'>) =>
  eb.and([eb('sent_at', 'is', null), eb('dead_at', 'is', null), eb('next_attempt_at', '<=', now)]);

/** Waiting notifications due by `now` on the given channels, oldest first (the worker leases each as it comes to it). */
export function dueNotifications(db: Db, now: number, channels: readonly Channel[], limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'channel', 'recipient_enc', 'subject', 'body_enc', 'attempts', 'kind', 'expires_at'])
    .where(waiting(now))
    .where('channel', 'in', channels)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Leases a row as it was selected, still due and not leased: another process may have tried it
 * (and rescheduled it) since, or it may have been sent, cancelled or removed.
 */
export async function leaseNotification(
  db: Db,
  row: { id: string; attempts: number },
  now: number,
  lease: number,
): Promise<boolean> {
  const leased = await db
    .updateTable('notifications')
    .set({ locked_until: lease })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where(waiting(now))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(leased.numUpdatedRows) === 1;
}

/** Withdraws a leased row that became worthless before it went out (an access code that has expired). */
export async function withdrawNotification(db: Db, id: string, lease: number): Promise<void> {
  await db.deleteFrom('notifications').where('id', '=', id).where('locked_until', '=', lease).execute();
}

/** Records an attempt only while its lease holds: after, another process owns the row, and a late answer must not undo what it recorded. */
export async function recordNotificationAttempt(db: Db, id: string, lease: number, o: Outcome): Promise<void> {
  await db
    .updateTable('notifications')
    .set(
      o.error === null
        ? { sent_at: o.at, body_enc: null, locked_until: null, attempts: o.attempts }
        : {
            attempts: o.attempts,
            last_error: o.error,
            locked_until: null,
            next_attempt_at: o.nextAttemptAt,
            dead_at: o.dead ? o.at : null,
          },
    )
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

export type NotificationFilter = 'pending' | 'dead' | 'all';

/** For the operator: what is waiting, dead or sent, oldest first. Never the recipient or the text. */
export async function listNotifications(db: Db, filter: NotificationFilter, limit = 100) {
  let q = db
    .selectFrom('notifications')
    .select([
      'id',
      'kind',
      'channel',
      'account_id',
      'created_at',
      'attempts',
      'last_error',
      'next_attempt_at',
      'sent_at',
      'dead_at',
      'expires_at',
    ]);
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
  const row = await db
    .selectFrom('notifications')
    .select(['expires_at'])
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('dead_at', 'is not', null)
    .executeTakeFirst();
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

/** The clean-up's: messages delivered or given up before `before`; unsent ones stay with the worker. */
export async function deleteFinishedNotifications(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('notifications')
    .where((eb) => eb.or([eb('sent_at', '<', before), eb('dead_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
