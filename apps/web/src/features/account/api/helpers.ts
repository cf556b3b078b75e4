/**
 * People who help (decision 041), the claimant's side: the helpers, invited, active and ended;
 * what each did; inviting one (spends a Security secure token), withdrawing an invitation, ending
 * one helper's access, and "Remove everyone now". Silent: the block shows each error beside what
 * was being done.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type CallAnswer, type CallBody } from '../../../lib/call.ts';

export const helpersQueryOptions = queryOptions({
  queryKey: ['session', 'helpers'] as const,
  queryFn: () => call('getHelpers', {}, { silent: true }),
});

export const helperActivityQueryOptions = queryOptions({
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

export type InviteBody = CallBody<'inviteHelper'>;

export function inviteHelper(body: InviteBody): Promise<CallAnswer<'inviteHelper'>> {
  return call('inviteHelper', body, { silent: true, loadingMessage: 'Sending the invitation…' });
}

export function withdrawInvitation(id: string): Promise<true> {
  return call('withdrawInvitation', { Id: id }, { silent: true, loadingMessage: 'Withdrawing the invitation…' });
}

export function endHelper(id: string): Promise<true> {
  return call('endHelper', { Id: id }, { silent: true, loadingMessage: 'Ending their access…' });
}

export function endAllHelpers(): Promise<true> {
  return call('endAllHelpers', {}, { silent: true, loadingMessage: 'Removing everyone…' });
}
