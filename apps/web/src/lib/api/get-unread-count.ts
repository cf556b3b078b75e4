/** POST /api/inbox/getunreadmessagecount — needs a selected claim; silent (a badge is not worth an alert). */
import { useQuery } from '@tanstack/react-query';
import { call } from '../request/call.ts';
import { queryKeys } from './query-keys.ts';
import { FRESHNESS } from './freshness.ts';

function getUnreadCount(): Promise<number> {
  return call('getUnreadMessageCount', {}, { silent: true });
}

/** The unread count of the selected claim; undefined while unknown or without a claim. */
export function useUnreadCount(claimNumber: string | undefined): number | undefined {
  const query = useQuery({
    queryKey: queryKeys.unreadCount(claimNumber ?? ''),
    queryFn: getUnreadCount,
    enabled: Boolean(claimNumber),
    ...FRESHNESS.session,
    refetchOnWindowFocus: true,
  });
  return claimNumber ? query.data : undefined;
}
