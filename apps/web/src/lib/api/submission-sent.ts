/**
 * What sending something changes, once it is sent (an enquiry, documents, a reimbursement claim):
 * the sent items, the progress of the item it answers, and the claim home's tasks (an answer to
 * "we need something from you" closes one). The one place that says so: every form calls it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from './query-keys.ts';

export function useSubmissionSent(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [queryKeys.sentItems, queryKeys.sentItemProgress, queryKeys.claimTasks])
      void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
}
