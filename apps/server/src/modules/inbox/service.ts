/** Inbox and sent items of the selected claim (messaging issue). */
import { ErrorNumber, enquiryReplyBy } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { localDateTime } from '../../lib/time.ts';
import { tag } from '../../lib/read-cache.ts';
import { latestDecisionsOf } from '../payments/claimant-decisions.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';
import * as sent from './sent-repository.ts';

function byForm(files: { id: string; original_name: string; form_id: string | null }[]) {
  const map = new Map<string, { Filename: string; FileID: string }[]>();
  for (const f of files)
    if (f.form_id) map.set(f.form_id, [...(map.get(f.form_id) ?? []), { Filename: f.original_name, FileID: f.id }]);
  return map;
}

/** A claim's message counts, from the read cache (decision 031): dropped by every write to its inbox. */
async function inboxCounts(deps: Deps, claimId: string): Promise<repo.InboxCounts> {
  const counts = await deps.reads.read(`inbox-counts:${claimId}`, async () => ({
    value: await repo.inboxCounts(deps.db, claimId),
    tags: [tag.claim(claimId)],
  }));
  return counts ?? { total: 0, unread: 0 };
}

/** A message was added to the claim's inbox or read: call once the write has committed. */
export function inboxChanged(deps: Deps, claimId: string): Promise<void> {
  return deps.reads.changed(tag.claim(claimId));
}

/** The unread count of the selected claim (the badge on every claim page). */
export async function countUnreadMessages(deps: Deps, claimId: string): Promise<number> {
  return (await inboxCounts(deps, claimId)).unread;
}

type InboxPage = Awaited<ReturnType<typeof readInboxPage>>;

/**
 * A page of the claim's inbox. The first page — what the inbox opens on — is cached exactly
 * (decision 031) under the claim's tag, which every write to the inbox drops (inboxChanged): a
 * message posted by the claims system with its attachments, a decision's message, a message read.
 */
export async function findInboxPage(deps: Deps, claimId: string, offset: number, amount: number): Promise<InboxPage> {
  if (offset !== 0) return readInboxPage(deps, claimId, offset, amount);
  const page = await deps.reads.read(`inbox-page:${claimId}:${amount}`, async () => ({
    value: await readInboxPage(deps, claimId, 0, amount),
    tags: [tag.claim(claimId)],
  }));
  return page ?? readInboxPage(deps, claimId, 0, amount);
}

async function readInboxPage(deps: Deps, claimId: string, offset: number, amount: number) {
  const [{ total }, rows] = await Promise.all([
    inboxCounts(deps, claimId),
    repo.listMessages(deps.db, claimId, offset, amount),
  ]);
  const attachments = byForm(
    await repo.filesOf(
      deps.db,
      rows.map((r) => r.id),
    ),
  );
  return {
    Start: Math.min(offset, total),
    End: Math.min(offset + rows.length, total),
    Total: total,
    Items: rows.map((r) => {
      const received = localDateTime(r.received_at);
      const sentAt = localDateTime(r.sent_at);
      return {
        messageId: r.id,
        Subject: r.subject,
        Message: r.body,
        ReceivedTime: received.time,
        ReceivedDate: received.date,
        SentTime: sentAt.time,
        SentDate: sentAt.date,
        Read: r.read_at !== null,
        Attachments: attachments.get(r.id) ?? [],
      };
    }),
  };
}

/** Marks one of the selected claim's messages read; anyone else's is "not found". */
export async function markMessageRead(deps: Deps, claimId: string, messageId: string): Promise<true> {
  if (!(await repo.markRead(deps.db, messageId, claimId, deps.clock.now()))) throw new AppError(ErrorNumber.NotFound);
  await inboxChanged(deps, claimId);
  return true;
}

export async function findSentItemsPage(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  input: { offset: number; amount: number; requestType: number | undefined },
) {
  const typeItem =
    input.requestType === undefined ? undefined : await sent.findSentItemType(deps.db, input.requestType);
  // A kind that does not exist has no items.
  if (input.requestType !== undefined && typeItem === undefined) return { Start: 0, End: 0, Total: 0, SentItems: [] };
  const [total, rows] = await Promise.all([
    sent.countSentItems(deps.db, auth.accountId, claimId, typeItem),
    sent.listSentItems(deps.db, auth.accountId, claimId, typeItem, input.offset, input.amount),
  ]);
  const [files, decisions] = await Promise.all([
    repo
      .filesOf(
        deps.db,
        rows.map((r) => r.form_id),
      )
      .then(byForm),
    latestDecisionsOf(
      deps,
      auth.accountId,
      claimId,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    Start: Math.min(input.offset, total),
    End: Math.min(input.offset + rows.length, total),
    Total: total,
    SentItems: rows.map((r) => {
      const at = localDateTime(r.created_at);
      // An enquiry not yet answered carries the date we aim to reply by (10 working days).
      const replyBy =
        r.type_item === 'Enquiry' && r.status !== 'Completed' ? enquiryReplyBy(new Date(r.created_at)) : null;
      return {
        Id: r.id,
        Time: at.time,
        Date: at.date,
        SubjectMain: r.subject_main,
        SubjectOther: r.subject_other,
        Message: r.message,
        Files: files.get(r.form_id) ?? [],
        Status: r.status,
        ReplyBy: replyBy,
        Decision: decisions.get(r.id) ?? null,
        PayTo: r.pay_to,
        SentBy: r.sent_by_helper,
      };
    }),
  };
}
