/**
 * POST /api/account/getaccount — enough for the shell (first name) and the claim home (bank
 * verification banner); the account issue completes the rest. Silent: spec 000 §8 "failed loads
 * of account data mostly do nothing".
 */
import { ENDPOINTS, type Account } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request.ts';
import { useIsSignedIn } from '../session.ts';
import { queryKeys } from './query-keys.ts';

export function getAccount(): Promise<Account> {
  return request<Account>(ENDPOINTS.getAccount, {}, { silent: true });
}

export const accountQueryOptions = queryOptions({
  queryKey: queryKeys.account,
  queryFn: getAccount,
  staleTime: 5 * 60_000,
});

export function useAccount(enabled = true) {
  const signedIn = useIsSignedIn();
  return useQuery({ ...accountQueryOptions, enabled: signedIn && enabled });
}
