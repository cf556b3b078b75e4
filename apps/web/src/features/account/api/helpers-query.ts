/**
 * POST /api/helpers/gethelpers and /api/helpers/getactivity (decision 041): the claimant's
 * helpers, invited, active and ended, and what each did, newest first. Read by My Details'
 * "People who help" block; every change there reads both again. Silent: the block says when they
 * cannot be read.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/request/call.ts';

const helpersQueryOptions = queryOptions({
  queryKey: ['session', 'helpers'] as const,
  queryFn: () => call('getHelpers', {}, { silent: true }),
});

const helperActivityQueryOptions = queryOptions({
  queryKey: ['session', 'helpers', 'activity'] as const,
  queryFn: () => call('getHelperActivity', {}, { silent: true }),
});

export function useHelpers() {
  return useQuery({ ...helpersQueryOptions, refetchOnMount: 'always' });
}

export function useHelperActivity() {
  return useQuery({ ...helperActivityQueryOptions, refetchOnMount: 'always' });
}

/** After a change: the list and the activity are read again. */
export function useReloadHelpers(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: helpersQueryOptions.queryKey }), [queryClient]);
}
