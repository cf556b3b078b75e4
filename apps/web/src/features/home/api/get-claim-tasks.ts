/**
 * POST /api/claim/gettasks: what the claimant has to do on the selected claim (each request for
 * more information not yet answered), soonest needed first. Silent: the home page says itself
 * when it could not check. Sending anything drops it (lib/api/submission-sent.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

type ClaimTasksData = CallAnswer<'getClaimTasks'>;
export type ClaimTaskData = ClaimTasksData['Tasks'][number];

function claimTasksQueryOptions(claimNumber: string) {
  return queryOptions({
    queryKey: [...queryKeys.claimTasks, claimNumber] as const,
    queryFn: () => call('getClaimTasks', {}, { silent: true }),
    ...FRESHNESS.claimActivity,
  });
}

export function useClaimTasks(claimNumber: string | undefined) {
  return useQuery({ ...claimTasksQueryOptions(claimNumber ?? ''), enabled: Boolean(claimNumber) });
}
