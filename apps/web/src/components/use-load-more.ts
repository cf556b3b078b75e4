/**
 * What "Load more" does (LoadMore): fetches the next page; when it brought new entries, the
 * status says how many are shown now and the first new entry takes the focus once it is on
 * screen, so a keyboard or screen-reader user goes on from there rather than from the top.
 */
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

type PagedQuery<P> = { fetchNextPage: () => Promise<{ data: InfiniteData<P, unknown> | undefined }> };

type LoadMoreOptions<P, T> = {
  /** The entries of the loaded pages, in the order shown. */
  itemsOf: (pages: readonly P[] | undefined) => T[];
  idOf: (item: T) => string;
  /** The id of an entry's element, which can take the focus (tabIndex -1). */
  domId: (id: string) => string;
  /** The status once a page is in, from every entry and page loaded: 'Showing 1 - 20 of 34'. */
  statusOf: (items: T[], pages: readonly P[]) => string;
};

export function useLoadMore<P, T>(query: PagedQuery<P>, { itemsOf, idOf, domId, statusOf }: LoadMoreOptions<P, T>) {
  const [status, setStatus] = useState('');
  const focusAfterLoad = useRef<string | null>(null);

  /** `shown`: how many entries the list has before this page. */
  const loadMore = async (shown: number) => {
    const result = await query.fetchNextPage();
    const pages = result.data?.pages;
    const after = itemsOf(pages);
    const first = after[shown];
    if (first !== undefined && pages) {
      focusAfterLoad.current = idOf(first);
      setStatus(statusOf(after, pages));
    }
  };

  useEffect(() => {
    const id = focusAfterLoad.current;
    const element = id ? document.getElementById(domId(id)) : null;
    if (!element) return;
    focusAfterLoad.current = null;
    element.focus();
  });

  return { loadMore, status, clearStatus: () => setStatus('') };
}
