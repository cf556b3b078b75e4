/**
 * POST /api/inbox/markasread (spec 001 §4 Inbox): opening an unread message marks it read ON
 * SCREEN first — the message in the inbox cache and the unread count that the toolbar, side menu
 * and claim home read (lib/api/get-unread-count.ts) — then tells the server. Afterwards the count
 * is fetched again, so every badge ends on the server's number. If the call fails the message
 * shows as unread again (silent: there is nothing the claimant could do about it).
 */
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import type { InboxMessage, InboxPageData } from './get-messages.ts';
import { messagingKeys } from './messaging-keys.ts';

function markAsRead(messageId: string): Promise<CallAnswer<'markAsRead'>> {
  return call('markAsRead', { MessageId: messageId }, { silent: true });
}

function setRead(queryClient: QueryClient, claimNumber: string, messageId: string, read: boolean): void {
  queryClient.setQueryData<InfiniteData<InboxPageData, number>>(messagingKeys.inbox(claimNumber), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            Items: page.Items.map((m) => (m.messageId === messageId && m.Read !== read ? { ...m, Read: read } : m)),
          })),
        }
      : data,
  );
}

/** Marks a message read: on screen at once, then on the server. Does nothing for a read message. */
async function markMessageRead(
  queryClient: QueryClient,
  claimNumber: string,
  message: Pick<InboxMessage, 'messageId' | 'Read'>,
): Promise<void> {
  if (message.Read) return;
  const unreadKey = queryKeys.unreadCount(claimNumber);
  setRead(queryClient, claimNumber, message.messageId, true);
  queryClient.setQueryData<number>(unreadKey, (n) => (typeof n === 'number' ? Math.max(0, n - 1) : n));
  try {
    await markAsRead(message.messageId);
  } catch {
    setRead(queryClient, claimNumber, message.messageId, false);
  } finally {
    await queryClient.invalidateQueries({ queryKey: unreadKey });
  }
}

export function useMarkAsRead(claimNumber: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    (message: Pick<InboxMessage, 'messageId' | 'Read'>) => {
      if (!claimNumber) return;
      void markMessageRead(queryClient, claimNumber, message);
    },
    [queryClient, claimNumber],
  );
}
