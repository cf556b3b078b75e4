/**
 * POST /api/payments/getsummary: the claim home's panel — the next scheduled payment and the
 * decisions of the last 30 days. Silent: the home page shows nothing of it if it cannot be read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request/call.ts';
import { paymentsKeys } from './payments-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

function paymentsSummaryQueryOptions(claimNumber: string) {
  return queryOptions({
    queryKey: paymentsKeys.summary(claimNumber),
    queryFn: () => call('getPaymentsSummary', {}, { silent: true }),
    ...FRESHNESS.claimActivity,
  });
}

export function usePaymentsSummary(claimNumber: string | undefined) {
  return useQuery({ ...paymentsSummaryQueryOptions(claimNumber ?? ''), enabled: Boolean(claimNumber) });
}
