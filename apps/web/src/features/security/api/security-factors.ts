/**
 * POST /api/security/getfactors — the account's passkeys, whether the authenticator app is set up
 * and how many recovery codes are left (never a secret). Read by My Details' "Sign-in and
 * security" block, by the step-ups, which offer a passkey or the app first when there is one, and
 * by an Act helper's banner.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/request/call.ts';

const securityFactorsQueryOptions = queryOptions({
  queryKey: ['session', 'security-factors'] as const,
  queryFn: () => call('getSecurityFactors', {}, { silent: true }),
});

export function useSecurityFactors() {
  return useQuery({ ...securityFactorsQueryOptions, refetchOnMount: 'always' });
}

/**
 * Has the signed-in account a passkey or an authenticator app? Asked only when `needed` (a helper
 * with Act, whose banner says acting needs one); undefined until known.
 */
export function useHasSecondFactor(needed: boolean): boolean | undefined {
  return useQuery({
    ...securityFactorsQueryOptions,
    enabled: needed,
    select: (factors) => factors.Passkeys.length > 0 || factors.Authenticator.SetUp,
  }).data;
}

export function useReloadSecurityFactors(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: securityFactorsQueryOptions.queryKey }),
    [queryClient],
  );
}
