import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';

// Every page view and the unread badge run these: compiled once (db/prepared.ts). The counts are
// kept by triggers (migration 0017): no claim's messages are counted per request.
const inboxCounts = preparedQuery((db: Db, claimId: string) =>
  db.selectFrom('inbox_counts').select(['total', 'unread']).where('claim_id', '=', claimId),
);
/** Newest first, ties broken by id, so pages stay stable while new messages arrive. */
const messagePage = preparedQuery((db: Db, claimId: string, amount: number, offset: number) =>
  db
    .selectFrom('inbox_messages')
    .select(['id', 'subject', 'body', 'sent_at', 'received_at', 'read_at'])
    .where('claim_id', '=', claimId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(amount)
    .offset(offset),
);

export async function countUnread(db: Db, claimId: string): Promise<number> {
  const [row] = await inboxCounts(db, claimId);
  return Number(row?.unread ?? 0);
}

export async function countMessages(db: Db, claimId: string): Promise<number> {
  const [row] = await inboxCounts(db, claimId);
  return Number(row?.total ?? 0);
}

export function listMessages(db: Db, claimId: string, offset: number, amount: number) {
  return messagePage(db, claimId, amount, offset);
}

export async function markRead(db: Db, id: string, claimId: string, now: number): Promise<boolean> {
  const own = await db.selectFrom('inbox_messages').select('id').where('id', '=', id).where('claim_id', '=', claimId).executeTakeFirst();
  if (!own) return false;
  await db.updateTable('inbox_messages').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
  return true;
}

/** Files of these forms (inbox messages or sent forms), for attachment lists. */
export async function filesOf(db: Db, formIds: string[]) {
  if (formIds.length === 0) return [];
  return db.selectFrom('files').select(['id', 'original_name', 'form_id']).where('form_id', 'in', formIds).orderBy('created_at').execute();
}
