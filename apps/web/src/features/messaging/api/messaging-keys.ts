/**
 * Query keys of the messaging screens. Inbox and sent items are the session's data, per selected
 * claim (dropped at sign-out with everything under 'session'). The dropdown lists are shared
 * (lib/api/get-dropdown-list.ts).
 */
export const messagingKeys = {
  inbox: (claimNumber: string) => ['session', 'inbox', claimNumber] as const,
  sentItemsAll: ['session', 'sent-items'] as const,
  sentItems: (claimNumber: string, requestType: number | undefined) =>
    ['session', 'sent-items', claimNumber, requestType ?? 'all'] as const,
};
