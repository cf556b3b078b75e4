/**
 * POST /api/documentupload/getsentitems (spec 001 §7): a page of what the claimant sent for the
 * selected claim, optionally only one SentItemTypes kind (RequestType = the item's Id). Same
 * paging and silence as the inbox.
 */
import type { SentItem } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { nextOffset, pageRequest } from '../lib/paging.ts';
import { messagingKeys } from './messaging-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

export type { SentItem };
export type SentItemsPageData = CallAnswer<'getSentItems'>;

function getSentItems(offset: number, requestType: number | undefined): Promise<SentItemsPageData> {
  const body = requestType === undefined ? pageRequest(offset) : { ...pageRequest(offset), RequestType: requestType };
  return call('getSentItems', body, { silent: true });
}

function sentItemsQueryOptions(claimNumber: string, requestType: number | undefined) {
  return infiniteQueryOptions({
    queryKey: messagingKeys.sentItems(claimNumber, requestType),
    queryFn: ({ pageParam }) => getSentItems(pageParam, requestType),
    initialPageParam: 0,
    getNextPageParam: (last: SentItemsPageData) => nextOffset(last),
    ...FRESHNESS.claimActivity,
  });
}

export function useSentItems(claimNumber: string | undefined, requestType: number | undefined) {
  return useInfiniteQuery({ ...sentItemsQueryOptions(claimNumber ?? '', requestType), enabled: Boolean(claimNumber) });
}
