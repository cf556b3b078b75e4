/**
 * The claims list as the query cache holds it, without fetching it: what the shell needs on every
 * page (where "Home" leads) before it knows whether anyone is signed in. The list is fetched by
 * useClaims (get-claims.ts), which the signed-in parts of the shell use; this module loads
 * neither zod nor TanStack Query, so the first download of /login stays small.
 */
import type { Claim } from '@portal/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClientIfMade } from '../request/query-client-if-made.ts';
import { queryKeys } from './query-keys.ts';

export function selectedClaimOf(claims: readonly Claim[] | undefined): Claim | undefined {
  return claims?.find((claim) => claim.Selected);
}

/** The cached claims list (undefined until useClaims has fetched it); re-renders when it changes. */
export function useCachedClaims(): Claim[] | undefined {
  const queryClient = useQueryClientIfMade();
  const subscribe = useCallback(
    (onChange: () => void) =>
      // The cache tells its listeners while a component renders (a new query); re-render after that.
      queryClient ? queryClient.getQueryCache().subscribe(() => queueMicrotask(onChange)) : () => undefined,
    [queryClient],
  );
  const read = () => queryClient?.getQueryData<Claim[]>(queryKeys.claims);
  return useSyncExternalStore(subscribe, read, read);
}
