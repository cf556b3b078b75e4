/**
 * /inbox (spec 001 Inbox): the selected claim's messages. Pill tabs Inbox / Sent Items, "Send a
 * message", the notice that the messages are about the selected claim (with the Switch claim
 * mention when there is more than one), 'You have N messages', 'Showing a - b of N', "View Sent
 * Items" (not in app mode), the panels, "Load more" and the detail pane — side by side from
 * 1000 px, one at a time below (the detail with a Back control).
 *
 * Opening an unread message marks it read on screen first, then on the server (api/mark-as-read.ts);
 * every unread badge follows. In app mode a message opens on its own page (/inboxitemdetail),
 * which marks it read once it has loaded.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { isAppMode } from '../../../lib/platform/app-mode.ts';
import { useInbox, type InboxMessage, type InboxPageData } from '../api/get-messages.ts';
import { useMarkAsRead } from '../api/mark-as-read.ts';
import { InboxMessageDetail } from '../components/inbox-message-detail.tsx';
import { InboxPanel, inboxItemDomId } from '../components/inbox-panel.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { useLoadMore } from '../../../components/use-load-more.ts';
import { MessagingTabs } from '../components/messaging-tabs.tsx';
import { SendMessageLink } from '../components/send-message-link.tsx';
import { plural } from '../lib/format.ts';
import { flattenPages, showingStatus, showingText } from '../lib/paging.ts';
import { EMPTY_TEXT, SELECT_MESSAGE_TEXT } from '../lib/texts.ts';
import { useSelection } from '../lib/use-selection.ts';
import styles from '../components/messaging.module.css';

const DETAIL_HEADING_ID = 'inbox-detail-heading';

function messagesOf(pages: readonly InboxPageData[] | undefined): InboxMessage[] {
  return flattenPages(
    pages,
    (p) => p.Items,
    (m) => m.messageId,
  );
}

export function InboxPage() {
  const { selectedClaim, canSwitchClaim } = useClaims();
  const claimNumber = selectedClaim?.Number;
  const inbox = useInbox(claimNumber);
  const markRead = useMarkAsRead(claimNumber);
  const navigate = useNavigate();
  const appMode = isAppMode();
  const { selectedId, open, close } = useSelection('message', {
    detailHeadingId: DETAIL_HEADING_ID,
    listItemId: inboxItemDomId,
  });
  const more = useLoadMore(inbox, {
    itemsOf: messagesOf,
    idOf: (m) => m.messageId,
    domId: inboxItemDomId,
    statusOf: showingStatus,
  });

  const messages = messagesOf(inbox.data?.pages);
  const total = inbox.data?.pages.at(-1)?.Total ?? 0;
  const showing = showingText(messages.length, total);
  const selected = appMode ? undefined : messages.find((m) => m.messageId === selectedId);

  // Whatever opened it (a click, a reload of ?message=…), an unread message shown is marked read —
  // once: if the server refuses, it stays unread on screen rather than being tried again and again.
  const tried = useRef(new Set<string>());
  useEffect(() => {
    if (!selected || selected.Read || tried.current.has(selected.messageId)) return;
    tried.current.add(selected.messageId);
    markRead(selected);
  }, [selected, markRead]);

  const onOpen = useCallback(
    (message: InboxMessage) => {
      if (appMode) {
        void navigate(`/inboxitemdetail?id=${encodeURIComponent(message.messageId)}`, { state: { message } });
        return;
      }
      open(message.messageId);
    },
    [appMode, navigate, open],
  );

  const hasData = inbox.data !== undefined;

  return (
    <div className={styles.page} data-selected={selected ? 'true' : 'false'} data-testid="inbox-page">
      <div className={styles.overview}>
        <MessagingTabs current="inbox" />
        <div className="callout" data-testid="inbox-notice">
          <Icon name="info" />
          <p>
            These messages are about claim {selectedClaim?.Number ?? ''}.
            {canSwitchClaim ? (
              <span data-testid="inbox-switch-claim-note"> For another claim, use Switch claim at the top.</span>
            ) : null}
          </p>
        </div>
        <div className={styles.actions}>
          <SendMessageLink className="button" testId="inbox-send-message" />
          {appMode ? null : (
            <Link to="/sentitems" className={styles.textLink} data-testid="inbox-view-sent">
              View sent items
            </Link>
          )}
        </div>
      </div>

      <div className={styles.columns} data-app={appMode ? 'true' : 'false'}>
        <section className={styles.listColumn} aria-labelledby="inbox-count" data-testid="inbox-list-section">
          {hasData ? (
            <>
              <h2 id="inbox-count" className={styles.count} data-testid="inbox-count">
                You have {plural(total, 'message', 'messages')}
              </h2>
              {showing ? (
                <p className={styles.showing} data-testid="inbox-showing">
                  {showing}
                </p>
              ) : null}
              {messages.length > 0 ? (
                <ul className={styles.list} aria-label="Messages" data-testid="inbox-list">
                  {messages.map((m) => (
                    <li key={m.messageId}>
                      <InboxPanel message={m} selected={m.messageId === selected?.messageId} onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className={styles.empty} data-testid="inbox-empty">
                  <p>{EMPTY_TEXT}</p>
                  <p>
                    When we write to you about this claim, our messages appear here. To ask us something, send us a
                    message.
                  </p>
                </div>
              )}
              <LoadMore
                hasMore={inbox.hasNextPage}
                loading={inbox.isFetchingNextPage}
                onLoadMore={() => void more.loadMore(messages.length)}
                status={more.status}
                what="messages"
                testId="inbox-load-more"
              />
            </>
          ) : inbox.isError ? (
            <>
              <h2 id="inbox-count" className={styles.count}>
                Your messages
              </h2>
              <div className="callout callout--warning" data-testid="inbox-error">
                <Icon name="warning" />
                <div>
                  <p>
                    Sorry, we could not load your messages just now. Check your internet connection and try again. If it
                    keeps happening, call us on <PhoneLink />.
                  </p>
                  <p>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void inbox.refetch()}
                      disabled={inbox.isFetching}
                    >
                      {inbox.isFetching ? 'Trying again…' : 'Try again'}
                    </button>
                  </p>
                </div>
              </div>
            </>
          ) : (
            <>
              <h2 id="inbox-count" className={styles.count}>
                Your messages
              </h2>
              <p role="status" className={styles.loading} data-testid="inbox-loading">
                Loading your messages…
              </p>
            </>
          )}
        </section>

        {appMode ? null : (
          <div className={styles.detailColumn} data-testid="inbox-detail-pane">
            {selected ? (
              <InboxMessageDetail
                message={selected}
                claimNumber={claimNumber}
                headingId={DETAIL_HEADING_ID}
                onBack={close}
              />
            ) : (
              <p className={styles.placeholder} data-testid="inbox-detail-placeholder">
                {SELECT_MESSAGE_TEXT}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
