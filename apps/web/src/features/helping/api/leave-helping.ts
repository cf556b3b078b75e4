/**
 * POST /api/helpers/leave: the helper ends their own help with the selected claim. The claims list
 * is fetched again (the helped claim is gone from it, and nothing is selected any more).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { call } from '../../../lib/request/call.ts';

export function useLeaveHelping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (helperId: string) => call('leaveHelping', { Id: helperId }, { loadingMessage: 'Ending your help…' }),
    async onSuccess() {
      queryClient.removeQueries({ queryKey: ['session', 'unread-count'] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.claims });
    },
  });
}
