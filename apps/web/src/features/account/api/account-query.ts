/**
 * The account data on My Details: POST /api/account/getaccount through the shell's query (lib/api),
 * fetched again whenever the page opens and after every cancel and save (spec 000 §4 "Cancel or a
 * successful save returns to read and reloads account data").
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountQueryOptions } from '../../../lib/api/get-account.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export function useAccountDetails() {
  return useQuery({ ...accountQueryOptions, refetchOnMount: 'always' });
}

/** Marks the account data stale and fetches it again for whoever shows it. */
export function useReloadAccount(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.account }), [queryClient]);
}
