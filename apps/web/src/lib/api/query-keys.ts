/**
 * Query keys shared by the shell and the features. Everything under 'session' is dropped at
 * sign-out; 'public' data (content documents, dropdown lists, the services catalogue) is the same
 * for everyone.
 */
export const queryKeys = {
  all: ['session'] as const,
  claims: ['session', 'claims'] as const,
  account: ['session', 'account'] as const,
  unreadCount: (claimNumber: string) => ['session', 'unread-count', claimNumber] as const,
  /** Sent items, the progress of each, and the claim home's tasks: what sending something changes. */
  sentItems: ['session', 'sent-items'] as const,
  sentItemProgress: ['session', 'sent-item-progress'] as const,
  claimTasks: ['session', 'claim-tasks'] as const,
  content: (name: string) => ['public', 'content', name] as const,
  dropdown: (listType: string) => ['public', 'dropdown', listType] as const,
};
