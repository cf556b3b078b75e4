/**
 * POST /api/helpers/getinvitation: what an invitation link offers (no sign-in needed). The token
 * goes in the request body only, never in an address. Silent: the page says itself when the
 * invitation cannot be used (451: taken, withdrawn, expired or unknown, one answer for all).
 */
import { ErrorNumber } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

export type InvitationData = CallAnswer<'getInvitation'>;

export function isSpentInvitation(error: unknown): boolean {
  return isRequestError(error) && error.number === ErrorNumber.NotFound;
}

export function useInvitation(token: string | undefined) {
  return useQuery({
    // The token is the key's last part: this query is never persisted, and it is dropped with the page.
    queryKey: ['public', 'invitation', token ?? ''] as const,
    queryFn: () => call('getInvitation', { Invitation: token ?? '' }, { silent: true }),
    enabled: Boolean(token),
    retry: (count, error) => !isSpentInvitation(error) && count < 1,
    ...FRESHNESS.oncePerOpening,
  });
}
