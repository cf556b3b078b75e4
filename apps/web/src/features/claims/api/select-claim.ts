/**
 * POST /api/claim/selectclaim with the claim object (spec 000 §7). The selection lives on the
 * server; on a truthy answer the claims query cache is updated to match (spec 000 §4: "selecting
 * stores the claim only if the server returns a truthy result").
 */
import type { Claim } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { call, dropEarlyAnswers, type CallAnswer } from '../../../lib/request/call.ts';

export function selectClaim(claim: Claim): Promise<CallAnswer<'selectClaim'>> {
  // What was asked for as the app started was the claim selected then (app/first-reads.ts).
  dropEarlyAnswers();
  return call(
    'selectClaim',
    { Number: claim.Number, Date: claim.Date, Location: claim.Location },
    { loadingMessage: 'Opening your claim…' },
  );
}

export function markClaimSelected(queryClient: QueryClient, claimNumber: string): void {
  queryClient.setQueryData<Claim[]>(queryKeys.claims, (claims) =>
    claims?.map((claim) => ({ ...claim, Selected: claim.Number === claimNumber })),
  );
  queryClient.removeQueries({ queryKey: ['session', 'unread-count'] });
}

export function useSelectClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectClaim,
    onSuccess(result, claim) {
      if (result) markClaimSelected(queryClient, claim.Number);
    },
  });
}
