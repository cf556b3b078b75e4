/**
 * /inboxitemdetail and /inbox-item-detail (spec 001 §2: both spellings, one screen): a message on
 * a page of its own — how the app mode shows it. The message comes with the navigation (route
 * state) or is looked up by ?id= in the inbox, loading further pages until it is found. It is
 * marked read once the page has loaded (spec 001 §4, app mode).
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { useInbox, type InboxMessage } from '../api/get-messages.ts';
import { useMarkAsRead } from '../api/mark-as-read.ts';
import { InboxMessageDetail } from '../components/inbox-message-detail.tsx';
import { flattenPages } from '../lib/paging.ts';
import styles from '../components/messaging.module.css';

function messageOfState(state: unknown): InboxMessage | undefined {
  if (!state || typeof state !== 'object' || !('message' in state)) return undefined;
  const message = (state as { message: unknown }).message;
  return message && typeof message === 'object' && 'messageId' in message ? (message as InboxMessage) : undefined;
}

export function InboxItemDetailPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { selectedClaim } = useClaims();
  const claimNumber = selectedClaim?.Number;
  const inbox = useInbox(claimNumber);
  const markRead = useMarkAsRead(claimNumber);
  const fromState = messageOfState(location.state);
  const id = searchParams.get('id') ?? fromState?.messageId ?? null;

  const loaded = flattenPages(
    inbox.data?.pages,
    (p) => p.Items,
    (m) => m.messageId,
  ).find((m) => m.messageId === id);
  // The inbox's copy is the fresher (its read flag follows the server); the navigation's stands in until it loads.
  const message = loaded ?? (fromState && fromState.messageId === id ? fromState : undefined);

  // Not on the pages loaded so far: load the next one.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = inbox;
  useEffect(() => {
    if (!message && id && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [message, id, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const marked = useRef(false);
  useEffect(() => {
    if (!message || message.Read || marked.current) return;
    marked.current = true;
    markRead(message);
  }, [message, markRead]);

  if (message) {
    return (
      <div className={styles.fullPage}>
        <InboxMessageDetail message={message} claimNumber={claimNumber} headingId="inbox-detail-heading" />
        <p>
          <Link to="/inbox" data-testid="inbox-detail-to-inbox">
            All messages
          </Link>
        </p>
      </div>
    );
  }

  const searching = Boolean(id) && (inbox.isPending || hasNextPage || isFetchingNextPage) && !inbox.isError;
  return (
    <div className={styles.fullPage}>
      {searching ? (
        <p role="status" className={styles.loading} data-testid="inbox-detail-loading">
          Loading the message…
        </p>
      ) : inbox.isError ? (
        <p data-testid="inbox-detail-error">Sorry, we could not load this message just now. Please try again later.</p>
      ) : (
        <p data-testid="inbox-detail-missing">
          We could not find this message. It may belong to another of your claims.
        </p>
      )}
      <p>
        <Link to="/inbox">All messages</Link>
      </p>
    </div>
  );
}
