/** POST /api/inbox/getunreadmessagecount — needs a selected claim; silent (a badge is not worth an alert). */
import { ENDPOINTS } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../request.ts';
import { queryKeys } from './query-keys.ts';

export function getUnreadCount(): Promise<number> {
  return request<number>(ENDPOINTS.getUnreadMessageCount, {}, { silent: true });
}

/** The unread count of the selected claim; undefined while unknown or without a claim. */
export function useUnreadCount(claimNumber: string | undefined): number | undefined {
  const query = useQuery({
    queryKey: queryKeys.unreadCount(claimNumber ?? ''),
    queryFn: getUnreadCount,
    enabled: Boolean(claimNumber),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  return claimNumber ? query.data : undefined;
}
