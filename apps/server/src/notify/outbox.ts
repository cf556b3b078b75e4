/**
 * The notification outbox: a row written in the same transaction as the event that causes it,
 * delivered afterwards by the worker, so nothing is lost if the process stops in between.
 * Recipient and body are encrypted while they wait (a body may hold an access code) and the
 * body is cleared once delivered. A message that has become useless before it went out (an
 * access code that was re-sent, used or expired) is withdrawn by deleting its row.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
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
export async function cancelNotifications(db: Kysely<Database> | Transaction<Database>, ids: readonly (string | null)[]): Promise<void> {
  const pending = ids.filter((id): id is string => id !== null);
  if (pending.length === 0) return;
  await db.deleteFrom('notifications').where('id', 'in', pending).where('sent_at', 'is', null).execute();
}
