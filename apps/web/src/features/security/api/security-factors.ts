/**
 * POST /api/security/getfactors — the account's passkeys, whether the authenticator app is set up
 * and how many recovery codes are left (never a secret). Read by My Details' "Sign-in and
 * security" block and by the step-ups, which offer a passkey or the app first when there is one.
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

export function useReloadSecurityFactors(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: securityFactorsQueryOptions.queryKey }),
    [queryClient],
  );
}
