/**
 * POST /api/payments/getsentitemprogress: where one of the claimant's sent items stands — Sent,
 * Received, In assessment, Decision, Paid — with the decision and the payments that settle it.
 * Silent: the sent item shows its own "could not load" line.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request/call.ts';
import { paymentsKeys } from './payments-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

function sentItemProgressQueryOptions(claimNumber: string, sentItemId: string) {
  return queryOptions({
    queryKey: paymentsKeys.progress(claimNumber, sentItemId),
    queryFn: () => call('getSentItemProgress', { SentItemId: sentItemId }, { silent: true }),
    ...FRESHNESS.claimActivity,
  });
}

export function useSentItemProgress(claimNumber: string | undefined, sentItemId: string) {
  return useQuery({ ...sentItemProgressQueryOptions(claimNumber ?? '', sentItemId), enabled: Boolean(claimNumber) });
}
