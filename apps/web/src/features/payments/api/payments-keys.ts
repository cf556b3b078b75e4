/**
 * Query keys of the payments screens: the session's data, per selected claim (dropped at
 * sign-out with everything under 'session').
 */
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const paymentsKeys = {
  payments: (claimNumber: string, financialYear: number | undefined) =>
    ['session', 'payments', claimNumber, financialYear ?? 'all'] as const,
  summary: (claimNumber: string) => ['session', 'payments-summary', claimNumber] as const,
  progress: (claimNumber: string, sentItemId: string) =>
    [...queryKeys.sentItemProgress, claimNumber, sentItemId] as const,
};
