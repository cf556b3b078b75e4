/**
 * What reaches the claimant: the inbox and the e-mail/SMS outbox.
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

export type InboxMessageTable = {
  id: string;
  claim_id: string;
  subject: string;
  body: string;
  sent_at: number;
  received_at: number;
  read_at: number | null;
};

/** Kept by triggers on inbox_messages (migration 0017): never written by the application. */
export type InboxCountTable = {
  claim_id: string;
  total: number;
  unread: number;
};

export type NotificationTable = {
  id: string;
  account_id: string | null;
  kind: string;
  channel: 'email' | 'sms';
  recipient_enc: string;
  subject: string;
  body_enc: string | null;
  created_at: number;
  next_attempt_at: number;
  locked_until: number | null;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
  dead_at: number | null;
  /** After this instant the message is worthless (an access code's expiry); null: never. */
  expires_at: number | null;
};

export type DevMailboxTable = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  at: number;
};
