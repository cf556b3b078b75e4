/** POST /api/claim/deselectclaim — "switch claim" (spec 000 §4): deselect, then /claims. */
import type { Claim } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type CallBody } from '../request/call.ts';
import { queryKeys } from './query-keys.ts';

function deselectClaim(claim?: Claim): Promise<true> {
  const body: CallBody<'deselectClaim'> = claim ? { Number: claim.Number } : {};
  return call('deselectClaim', body, { loadingMessage: 'Switching claim…' });
}

export function useDeselectClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deselectClaim,
    onSuccess(result) {
      // spec 000 §4: deselecting clears the selection only when the server answers truthy.
      if (!result) return;
      queryClient.setQueryData<Claim[]>(queryKeys.claims, (claims) => claims?.map((c) => ({ ...c, Selected: false })));
      queryClient.removeQueries({ queryKey: ['session', 'unread-count'] });
    },
  });
}
