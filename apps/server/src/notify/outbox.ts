/**
 * The notification outbox: a row written in the same transaction as the event that causes it,
 * delivered afterwards by the worker, so nothing is lost if the process stops in between.
 * Recipient and body are encrypted while they wait (a body may hold an access code) and the
 * body is cleared once delivered.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId, type Cipher } from '../lib/crypto.ts';
import type { Channel } from './transports.ts';

export type Notification = {
  accountId: string | null;
  kind: string;
  channel: Channel;
  to: string;
  subject: string;
  text: string;
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
      recipient_enc: cipher.encrypt(n.to),
      subject: n.subject,
      body_enc: cipher.encrypt(n.text),
      created_at: now,
      next_attempt_at: now,
      locked_until: null,
      attempts: 0,
      last_error: null,
      sent_at: null,
      dead_at: null,
    })
    .execute();
  return id;
}
