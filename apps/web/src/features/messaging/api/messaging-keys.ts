/**
 * Query keys of the messaging screens. Inbox and sent items are the session's data, per selected
 * claim (dropped at sign-out with everything under 'session'); the dropdown lists are the same
 * for everyone.
 */
export const messagingKeys = {
  inbox: (claimNumber: string) => ['session', 'inbox', claimNumber] as const,
  sentItemsAll: ['session', 'sent-items'] as const,
  sentItems: (claimNumber: string, requestType: number | undefined) => ['session', 'sent-items', claimNumber, requestType ?? 'all'] as const,
  dropdown: (listType: string) => ['public', 'dropdown', listType] as const,
};
