/**
 * POST /api/helpers/accept: takes the invitation for the signed-in account (once). It answers the
 * claims list with the helped claim in it, which replaces the cached list.
 */
import type { Claim } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { call } from '../../../lib/request/call.ts';
import { forgetInvitation } from '../../../lib/session/helping-invitation.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { isSpentInvitation } from './get-invitation.ts';

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The page explains a spent invitation in its own words; any other failure is the usual alert.
    mutationFn: (token: string) =>
      call('acceptInvitation', { Invitation: token }, { loadingMessage: 'Accepting the invitation…', silent: true }),
    onSuccess(claims) {
      forgetInvitation();
      queryClient.setQueryData<Claim[]>(queryKeys.claims, claims);
    },
    onError(error) {
      if (isSpentInvitation(error)) forgetInvitation();
      else if (isRequestError(error) && !error.forcedLogout) showAlert(error.entries);
    },
  });
}
