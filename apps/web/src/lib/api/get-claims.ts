/**
 * POST /api/claim/getclaims. The selected claim is remembered SERVER-side per session; the
 * client derives it from the list's `Selected` flags in this query's cache and keeps no other
 * copy (so it cannot drift). Always silent: /claims shows its own failure message.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../session/session.ts';
import { selectedClaimOf } from './cached-claims.ts';
import type { Claim } from '@portal/contracts';
import { call } from '../request/call.ts';
import { queryKeys } from './query-keys.ts';
import { FRESHNESS } from './freshness.ts';

export { selectedClaimOf };

export function getClaims(loadingMessage?: string): Promise<Claim[]> {
  return call('getClaims', {}, { silent: true, ...(loadingMessage ? { loadingMessage } : {}) });
}

export const claimsQueryOptions = queryOptions({
  queryKey: queryKeys.claims,
  queryFn: () => getClaims(),
  ...FRESHNESS.session,
});

/** The claims list, the selected claim and whether SWITCH CLAIM applies (more than one claim). */
export function useClaims() {
  const signedIn = useIsSignedIn();
  const query = useQuery({ ...claimsQueryOptions, enabled: signedIn });
  const claims = signedIn ? query.data : undefined;
  return {
    claims,
    selectedClaim: selectedClaimOf(claims),
    canSwitchClaim: (claims?.length ?? 0) > 1,
    query,
  };
}
