/** Inbox and sent items (spec 001 Inbox, Sent items, §3, §7; messaging issue). */
import { z } from 'zod';
import { isoDate, requestBody } from './common.ts';
import { DraftFile } from './forms.ts';
import { DECIDING_OUTCOMES } from './payments.ts';

const page = { Offset: z.number().int().min(0).max(1_000_000), Amount: z.number().int().min(1).max(50) };
/** 'HH:mm', 24-hour, Melbourne time. */
const time = z.string().regex(/^[0-9]{2}:[0-9]{2}$/);

export const GetMessagesRequest = requestBody(page);
export const InboxMessage = z.object({
  messageId: z.string(),
  Subject: z.string(),
  Message: z.string(),
  ReceivedTime: time,
  ReceivedDate: isoDate,
  SentTime: time,
  SentDate: isoDate,
  Read: z.boolean(),
  Attachments: z.array(DraftFile),
});
export type InboxMessage = z.infer<typeof InboxMessage>;
export const InboxPage = z.object({
  Start: z.number().int(),
  End: z.number().int(),
  Total: z.number().int(),
  Items: z.array(InboxMessage),
});

export const MarkAsReadRequest = requestBody({ MessageId: z.string().min(1).max(64) });

export const SENT_ITEM_STATUSES = ['Received', 'In progress', 'Completed'] as const;
export const GetSentItemsRequest = requestBody({ ...page, RequestType: z.number().int().positive().optional() });
export const SentItem = z.object({
  Id: z.string(),
  Time: time,
  Date: isoDate,
  SubjectMain: z.string(),
  SubjectOther: z.string(),
  Message: z.string(),
  Files: z.array(DraftFile),
  /** Beyond the spec: where the provider is up to with it. */
  Status: z.enum(SENT_ITEM_STATUSES),
  /** Beyond the spec: for an enquiry, the date we aim to reply by (10 working days). */
  ReplyBy: isoDate.nullable(),
  /**
   * Beyond the spec: the claims system's latest decision on it, so the list can say it in words
   * (Approved, Declined, We need something from you …); null before one.
   */
  Decision: z
    .object({
      Outcome: z.enum(DECIDING_OUTCOMES),
      Date: isoDate,
      /** More information needed: the date it is needed by. */
      NeededBy: isoDate.nullable(),
      /** More information needed: the day the claimant sent an answer from the portal (after it was asked), or null. */
      AnsweredOn: isoDate.nullable(),
    })
    .nullable(),
  /** A reimbursement: whom the claimant asked us to pay, in words ('' for anything else). */
  PayTo: z.string(),
  /** Sent for the claimant by someone who helps them: the name the claimant gave them; null when they sent it. */
  SentBy: z.string().nullable(),
});
export type SentItem = z.infer<typeof SentItem>;
export const SentItemsPage = z.object({
  Start: z.number().int(),
  End: z.number().int(),
  Total: z.number().int(),
  SentItems: z.array(SentItem),
});
