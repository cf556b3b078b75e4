/**
 * POST /api/account/getaccount — enough for the shell (first name) and the claim home (bank
 * verification banner); the account issue completes the rest. Silent: spec 000 §8 "failed loads
 * of account data mostly do nothing".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../session/session.ts';
import type { Account } from '@portal/contracts';
import { call } from '../request/call.ts';
import { queryKeys } from './query-keys.ts';
import { FRESHNESS } from './freshness.ts';

function getAccount(): Promise<Account> {
  return call('getAccount', {}, { silent: true });
}

export const accountQueryOptions = queryOptions({
  queryKey: queryKeys.account,
  queryFn: getAccount,
  ...FRESHNESS.account,
});

export function useAccount(enabled = true) {
  const signedIn = useIsSignedIn();
  return useQuery({ ...accountQueryOptions, enabled: signedIn && enabled });
}
