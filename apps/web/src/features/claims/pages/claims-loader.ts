/**
 * Runs before /claims renders (after the sign-in guard), spec 000 §4 "Claim selection":
 * - the list is fetched fresh;
 * - exactly 1 claim: selected automatically, then /claim;
 * - 0 claims: /claim;
 * - the list cannot be fetched: alert 'Unable to retrieve claims. …', signed out, /login.
 * Arriving from a sign-in that "Sign in to accept" began, it goes back to that invitation (/helping).
 */
import { MESSAGES } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { claimsQueryOptions, getClaims } from '../../../lib/api/get-claims.ts';
import { takeReturnToInvitation } from '../../../lib/session/helping-invitation.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { signOut } from '../../../lib/session/sign-out.ts';
import { markClaimSelected, selectClaim } from '../api/select-claim.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

export function createClaimsLoader(queryClient: QueryClient) {
  return async function claimsLoader(): Promise<null> {
    if (takeReturnToInvitation()) throw redirect('/helping');
    let claims;
    try {
      claims = await queryClient.fetchQuery({
        ...claimsQueryOptions,
        queryFn: () => getClaims('Loading your claims…'),
        ...FRESHNESS.everyTime,
      });
    } catch (error) {
      if (isRequestError(error) && error.forcedLogout) throw redirect('/login');
      showAlert([{ message: MESSAGES.claimsFailed }], 'Unable to retrieve claims');
      await signOut('claims-unreadable');
      throw redirect('/login');
    }

    if (claims.length === 0) throw redirect('/claim');
    if (claims.length === 1) {
      const only = claims[0];
      if (only && !only.Selected) {
        try {
          const stored = await selectClaim(only);
          if (!stored) return null;
          markClaimSelected(queryClient, only.Number);
        } catch (error) {
          if (isRequestError(error) && error.forcedLogout) throw redirect('/login');
          // The alert has been shown; the card stays on screen to try again.
          return null;
        }
      }
      throw redirect('/claim');
    }
    return null;
  };
}
