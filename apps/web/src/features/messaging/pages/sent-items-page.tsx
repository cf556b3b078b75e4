/**
 * /sentitems and /sent-items (spec 001 Sent items): 'You have N Sent Items', the filter by kind
 * (SentItemTypes → RequestType), the same list, detail and load-more pattern as the inbox, the
 * same empty text, and "Back to Inbox". Beyond the spec each item shows where it is up to and,
 * for an enquiry, the date we aim to reply by. The filter and the open item are kept in the URL
 * (?type=…&item=…). In app mode an item opens on its own page (/sentitemdetail).
 */
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { useDropdownList } from '../../../lib/api/get-dropdown-list.ts';
import { isAppMode } from '../../../lib/platform/app-mode.ts';
import { useSentItems, type SentItem, type SentItemsPageData } from '../api/get-sent-items.ts';
import { LoadMore } from '../../../components/load-more.tsx';
import { useLoadMore } from '../../../components/use-load-more.ts';
import { MessagingTabs } from '../components/messaging-tabs.tsx';
import { SendMessageLink } from '../components/send-message-link.tsx';
import { SentItemDetail, type SentItemProgressSlot } from '../components/sent-item-detail.tsx';
import { SentItemPanel, sentItemDomId } from '../components/sent-item-panel.tsx';
import { plural } from '../lib/format.ts';
import { flattenPages, showingStatus, showingText } from '../lib/paging.ts';
import { EMPTY_TEXT } from '../lib/texts.ts';
import { useSelection } from '../lib/use-selection.ts';
import { sentDetailState } from './sent-item-detail-state.ts';
import styles from '../components/messaging.module.css';

const DETAIL_HEADING_ID = 'sent-detail-heading';

function itemsOf(pages: readonly SentItemsPageData[] | undefined): SentItem[] {
  return flattenPages(
    pages,
    (p) => p.SentItems,
    (i) => i.Id,
  );
}

export function requestTypeOf(value: string | null): number | undefined {
  if (!value || !/^[0-9]{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

export function SentItemsPage({ progress }: { progress?: SentItemProgressSlot } = {}) {
  const { selectedClaim } = useClaims();
  const claimNumber = selectedClaim?.Number;
  const [searchParams, setSearchParams] = useSearchParams();
  const requestType = requestTypeOf(searchParams.get('type'));
  const types = useDropdownList('SentItemTypes', { silent: true });
  const sent = useSentItems(claimNumber, requestType);
  const navigate = useNavigate();
  const appMode = isAppMode();
  const { selectedId, open, close } = useSelection('item', {
    detailHeadingId: DETAIL_HEADING_ID,
    listItemId: sentItemDomId,
  });
  const more = useLoadMore(sent, {
    itemsOf: itemsOf,
    idOf: (i) => i.Id,
    domId: sentItemDomId,
    statusOf: showingStatus,
  });

  const items = itemsOf(sent.data?.pages);
  const total = sent.data?.pages.at(-1)?.Total ?? 0;
  const showing = showingText(items.length, total);
  const selected = appMode ? undefined : items.find((i) => i.Id === selectedId);
  const typeName = types.data?.find((t) => t.Id === requestType)?.Item;

  const onOpen = useCallback(
    (item: SentItem) => {
      if (appMode) {
        void navigate('/sentitemdetail', { state: sentDetailState(item) });
        return;
      }
      open(item.Id);
    },
    [appMode, navigate, open],
  );

  const onFilter = (value: string) => {
    more.clearStatus();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('item');
        if (value) next.set('type', value);
        else next.delete('type');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const hasData = sent.data !== undefined;

  return (
    <div className={styles.page} data-selected={selected ? 'true' : 'false'} data-testid="sent-page">
      <div className={styles.overview}>
        <MessagingTabs current="sent" />
        <div className={styles.actions}>
          <Link to="/inbox" className={styles.textLink} data-testid="sent-back-to-inbox">
            <Icon name="back" />
            Back to Inbox
          </Link>
          <SendMessageLink className="button button--secondary" testId="sent-send-message" />
        </div>
        <div className={styles.filter}>
          <Field label="Show" id="sent-filter" hint="Choose a kind of item to see only those.">
            {(control) => (
              <select
                {...control}
                value={requestType ? String(requestType) : ''}
                onChange={(e) => onFilter(e.currentTarget.value)}
                data-testid="sent-filter"
              >
                <option value="">Everything I have sent</option>
                {(types.data ?? []).map((t) => (
                  <option key={t.Id} value={String(t.Id)}>
                    {t.Item}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </div>

      <div className={styles.columns} data-app={appMode ? 'true' : 'false'}>
        <section className={styles.listColumn} aria-labelledby="sent-count" data-testid="sent-list-section">
          {hasData ? (
            <>
              <h2 id="sent-count" className={styles.count} data-testid="sent-count">
                You have {plural(total, 'sent item', 'sent items')}
                {typeName ? <span className={styles.countFilter}> ({typeName})</span> : null}
              </h2>
              {showing ? (
                <p className={styles.showing} data-testid="sent-showing">
                  {showing}
                </p>
              ) : null}
              {items.length > 0 ? (
                <ul className={styles.list} aria-label="Sent items" data-testid="sent-list">
                  {items.map((item) => (
                    <li key={item.Id}>
                      <SentItemPanel item={item} selected={item.Id === selected?.Id} onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className={styles.empty} data-testid="sent-empty">
                  <p>{EMPTY_TEXT}</p>
                  <p>
                    {requestType === undefined
                      ? 'When you send us documents, a reimbursement claim or a message from the portal, a copy appears here with where we are up to.'
                      : 'Nothing of this kind has been sent from the portal for this claim. Choose another kind to see the rest.'}
                  </p>
                </div>
              )}
              <LoadMore
                hasMore={sent.hasNextPage}
                loading={sent.isFetchingNextPage}
                onLoadMore={() => void more.loadMore(items.length)}
                status={more.status}
                what="sent items"
                testId="sent-load-more"
              />
            </>
          ) : sent.isError ? (
            <>
              <h2 id="sent-count" className={styles.count}>
                Your sent items
              </h2>
              <div className="callout callout--warning" data-testid="sent-error">
                <Icon name="warning" />
                <div>
                  <p>
                    Sorry, we could not load what you have sent just now. Check your internet connection and try again.
                    If it keeps happening, call us on <PhoneLink />.
                  </p>
                  <p>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void sent.refetch()}
                      disabled={sent.isFetching}
                    >
                      {sent.isFetching ? 'Trying again…' : 'Try again'}
                    </button>
                  </p>
                </div>
              </div>
            </>
          ) : (
            <>
              <h2 id="sent-count" className={styles.count}>
                Your sent items
              </h2>
              <p role="status" className={styles.loading} data-testid="sent-loading">
                Loading what you have sent…
              </p>
            </>
          )}
        </section>

        {appMode ? null : (
          <div className={styles.detailColumn} data-testid="sent-detail-pane">
            {selected ? (
              <SentItemDetail
                item={selected}
                claimNumber={claimNumber}
                headingId={DETAIL_HEADING_ID}
                onBack={close}
                progress={progress}
              />
            ) : (
              <p className={styles.placeholder} data-testid="sent-detail-placeholder">
                Select a sent item to view the details
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
