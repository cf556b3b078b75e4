/**
 * POST /api/account/getclaimantdetails: what a helper with Act sees of the claimant they help
 * (decision 041): the name and date of birth, the landline and the addresses. Fetched whenever its
 * page opens and after every save, per selected claim (a helper may help more than one person).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FRESHNESS } from '../../../lib/api/freshness.ts';
import { call } from '../../../lib/request/call.ts';

const claimantDetailsKey = (claimNumber: string) => ['session', 'claimant-details', claimNumber] as const;

export function useClaimantDetails(claimNumber: string) {
  return useQuery({
    queryKey: claimantDetailsKey(claimNumber),
    queryFn: () => call('getClaimantDetails', {}),
    ...FRESHNESS.account,
    refetchOnMount: 'always',
  });
}

export function useReloadClaimantDetails(claimNumber: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: claimantDetailsKey(claimNumber) }),
    [queryClient, claimNumber],
  );
}
