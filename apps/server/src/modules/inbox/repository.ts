import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';

// Every page view and the unread badge run these: compiled once (db/prepared.ts). The counts are
// kept by triggers (migration 0017): no claim's messages are counted per request.
const inboxCountsOf = preparedQuery((db: Db, claimId: string) =>
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

export type InboxCounts = { total: number; unread: number };

export async function inboxCounts(db: Db, claimId: string): Promise<InboxCounts> {
  const [row] = await inboxCountsOf(db, claimId);
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

export function listMessages(db: Db, claimId: string, offset: number, amount: number) {
  return messagePage(db, claimId, amount, offset);
}

export async function markRead(db: Db, id: string, claimId: string, now: number): Promise<boolean> {
  const own = await db
    .selectFrom('inbox_messages')
    .select('id')
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
  if (!own) return false;
  await db
    .updateTable('inbox_messages')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
  return true;
}

/**
 * The attachments query takes form ids in groups of a fixed size, unused places null (which
 * match nothing), so it is one prepared statement whatever a page holds: planning a new `in`
 * list on every page cost PostgreSQL more than running it (bench/RESULTS.md).
 */
const FILES_GROUP = 10;
const filesOfGroup = preparedQuery((db: Db, ...formIds: (string | null)[]) =>
  db
    .selectFrom('files')
    .select(['id', 'original_name', 'form_id', 'created_at'])
    .where('form_id', 'in', formIds as string[])
    .orderBy('created_at'),
);

/** Files of these forms (inbox messages or sent forms), for attachment lists, oldest first. */
export async function filesOf(db: Db, formIds: string[]) {
  const groups: (string | null)[][] = [];
  for (let i = 0; i < formIds.length; i += FILES_GROUP) {
    const group: (string | null)[] = formIds.slice(i, i + FILES_GROUP);
    groups.push(group.concat(Array<null>(FILES_GROUP - group.length).fill(null)));
  }
  const rows = (await Promise.all(groups.map((group) => filesOfGroup(db, ...group)))).flat();
  return groups.length > 1 ? rows.sort((a, b) => Number(a.created_at) - Number(b.created_at)) : rows;
}

/** A message the claims system posts to a claim, unread. */
export async function insertMessage(
  db: Db,
  m: { id: string; claim_id: string; subject: string; body: string; sent_at: number; received_at: number },
): Promise<void> {
  await db
    .insertInto('inbox_messages')
    .values({ ...m, read_at: null })
    .execute();
}
