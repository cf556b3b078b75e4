/**
 * "Load more" of the inbox and the sent items (spec 001 Inbox): fetches the next page; when it
 * brought new entries, the status says how many are shown now and the first new entry takes focus
 * once it is on screen (the list goes on from there).
 */
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showingText } from './paging.ts';

type PagedQuery<P> = { fetchNextPage: () => Promise<{ data: InfiniteData<P, unknown> | undefined }> };

export function useLoadMore<P extends { Total: number }, T>(
  query: PagedQuery<P>,
  itemsOf: (pages: readonly P[] | undefined) => T[],
  idOf: (item: T) => string,
  domId: (id: string) => string,
) {
  const [status, setStatus] = useState('');
  const focusAfterLoad = useRef<string | null>(null);

  /** `shown`: how many entries the list has before this page. */
  const loadMore = async (shown: number) => {
    const result = await query.fetchNextPage();
    const after = itemsOf(result.data?.pages);
    const last = result.data?.pages.at(-1);
    const first = after[shown];
    if (first !== undefined && last) {
      focusAfterLoad.current = idOf(first);
      setStatus(showingText(after.length, last.Total) ?? '');
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
