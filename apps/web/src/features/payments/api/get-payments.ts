/**
 * POST /api/payments/getpayments: a page of the selected claim's payments — upcoming (scheduled)
 * first, soonest first, then the history newest first — optionally of one financial year, with
 * that year's totals. Ten at a time, like the inbox (the same paging rule); silent: the page
 * shows its own error state.
 */
import type { ClaimantPayment } from '@portal/contracts';
import { LIMITS } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { paymentsKeys } from './payments-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

export type { ClaimantPayment };
export type PaymentsPageData = CallAnswer<'getPayments'>;

function getPayments(offset: number, financialYear: number | undefined): Promise<PaymentsPageData> {
  const page = { Offset: offset, Amount: LIMITS.pageSize };
  return call('getPayments', financialYear === undefined ? page : { ...page, FinancialYear: financialYear }, {
    silent: true,
  });
}

/** The next page's offset, or undefined when the last one is here (an empty page ends it too). */
function nextPaymentsOffset(page: Pick<PaymentsPageData, 'Start' | 'End' | 'Total'>): number | undefined {
  return page.End < page.Total && page.End > page.Start ? page.End : undefined;
}

function paymentsQueryOptions(claimNumber: string, financialYear: number | undefined) {
  return infiniteQueryOptions({
    queryKey: paymentsKeys.payments(claimNumber, financialYear),
    queryFn: ({ pageParam }) => getPayments(pageParam, financialYear),
    initialPageParam: 0,
    getNextPageParam: (last: PaymentsPageData) => nextPaymentsOffset(last),
    ...FRESHNESS.claimActivity,
  });
}

export function usePayments(claimNumber: string | undefined, financialYear: number | undefined) {
  return useInfiniteQuery({
    ...paymentsQueryOptions(claimNumber ?? '', financialYear),
    enabled: Boolean(claimNumber),
  });
}
