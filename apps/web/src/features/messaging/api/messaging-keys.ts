/**
 * Query keys of the messaging screens. Inbox and sent items are the session's data, per selected
 * claim (dropped at sign-out with everything under 'session'). The dropdown lists are shared
 * (lib/api/get-dropdown-list.ts).
 */
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const messagingKeys = {
  inbox: (claimNumber: string) => ['session', 'inbox', claimNumber] as const,
  sentItems: (claimNumber: string, requestType: number | undefined) =>
    [...queryKeys.sentItems, claimNumber, requestType ?? 'all'] as const,
};
