/**
 * POST /api/inbox/getmessages (spec 001 §7): a page of the selected claim's inbox, newest first,
 * ten at a time — Offset 0 Amount 10, then Offset End (lib/paging.ts). Silent: the inbox explains
 * a failed first load in place, and a failed "Load more" only hides its loading icon (§8).
 */
import type { InboxMessage } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { nextOffset, pageRequest } from '../lib/paging.ts';
import { messagingKeys } from './messaging-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

export type { InboxMessage };
export type InboxPageData = CallAnswer<'getMessages'>;

function getMessages(offset: number): Promise<InboxPageData> {
  return call('getMessages', pageRequest(offset), { silent: true });
}

function inboxQueryOptions(claimNumber: string) {
  return infiniteQueryOptions({
    queryKey: messagingKeys.inbox(claimNumber),
    queryFn: ({ pageParam }) => getMessages(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: InboxPageData) => nextOffset(last),
    ...FRESHNESS.claimActivity,
  });
}

export function useInbox(claimNumber: string | undefined) {
  return useInfiniteQuery({ ...inboxQueryOptions(claimNumber ?? ''), enabled: Boolean(claimNumber) });
}
