/**
 * Help can end while the helper has a page open (the claimant ends it, or its last day passes):
 * the server then answers the helper's next call for that claim "not found" (decision 041). When a
 * call answers so while a helped claim is selected, the claims list is read again; if the claim is
 * no longer in it, the helper is told so and taken to the claims list, where only what they may
 * still open is shown.
 */
import { ErrorNumber } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../lib/feedback/alerts.ts';
import { claimsQueryOptions } from '../../lib/api/get-claims.ts';
import { queryKeys } from '../../lib/api/query-keys.ts';
import { isRequestError } from '../../lib/request/request-error.ts';
import { FRESHNESS } from '../../lib/api/freshness.ts';

type Helped = { claimNumber: string; claimantName: string };

export function useHelpEnded(helpedClaim: Helped | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const helped = useRef(helpedClaim);
  helped.current = helpedClaim;

  useEffect(() => {
    const recheck = async (error: unknown) => {
      const ended = helped.current;
      if (!ended || !isRequestError(error) || error.number !== ErrorNumber.NotFound) return;
      try {
        const claims = await queryClient.fetchQuery({ ...claimsQueryOptions, ...FRESHNESS.everyTime });
        if (claims.some((claim) => claim.Number === ended.claimNumber && claim.Helping)) return;
      } catch {
        return; // The claims list could not be read: the next page's guard asks again.
      }
      showAlert(
        [{ message: `Your help with ${ended.claimantName}’s claim ${ended.claimNumber} has ended.` }],
        'Your help has ended',
      );
      await navigate('/claims');
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[1] === queryKeys.claims[1]) return;
      void recheck(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') void recheck(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
