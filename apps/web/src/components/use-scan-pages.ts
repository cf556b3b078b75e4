/**
 * The pages of a document being photographed (scan-document.tsx): each photo added as a page,
 * turned a quarter at a time, moved earlier or later, or removed; what happened said politely; the
 * keyboard kept on the page it acted on. The thumbnails' object URLs are freed with their page.
 */
import { useEffect, useRef, useState } from 'react';

export type ScanPageItem = { key: string; file: File; url: string; quarterTurns: number };
export type PageAction = 'turn' | 'earlier' | 'later' | 'remove';

/** One document, one PDF: more pages than this go as a second document. */
export const SCAN_MAX_PAGES = 30;

let pageSeq = 0;

/** The id of a page's action button, for the focus to return to. */
export const pageActionId = (idPrefix: string, key: string, action: PageAction) => `${idPrefix}-${key}-${action}`;

/** What a page action does to the list, and what is said of it. */
function applyAction(pages: readonly ScanPageItem[], index: number, action: PageAction) {
  const page = pages[index];
  const next = [...pages];
  if (!page) return { next, said: '' };
  if (action === 'turn') {
    next[index] = { ...page, quarterTurns: (page.quarterTurns + 1) % 4 };
    return { next, said: `Page ${index + 1} turned` };
  }
  if (action === 'remove') {
    next.splice(index, 1);
    return { next, said: `Page ${index + 1} removed` };
  }
  const to = action === 'earlier' ? index - 1 : index + 1;
  if (to < 0 || to >= pages.length) return { next, said: '' };
  next.splice(index, 1);
  next.splice(to, 0, page);
  return { next, said: `Page ${index + 1} is now page ${to + 1}` };
}

export function useScanPages(idPrefix: string, onEmptied: () => void) {
  const [pages, setPages] = useState<ScanPageItem[]>([]);
  const [status, setStatus] = useState('');
  const [focusAfter, setFocusAfter] = useState<{ key: string; action: PageAction } | null>(null);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  // After an action the keyboard stays on the page: the same button, or the other move when that one is now off.
  useEffect(() => {
    if (!focusAfter) return;
    const button = (action: PageAction) =>
      document.getElementById(pageActionId(idPrefix, focusAfter.key, action)) as HTMLButtonElement | null;
    const target = button(focusAfter.action);
    (target && !target.disabled ? target : button(focusAfter.action === 'earlier' ? 'later' : 'earlier'))?.focus();
    setFocusAfter(null);
  }, [focusAfter, idPrefix]);

  const free = (page: ScanPageItem) => {
    URL.revokeObjectURL(page.url);
    urls.current.delete(page.url);
  };

  const add = (file: File) => {
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    setPages((list) => [...list, { key: `p-${++pageSeq}`, file, url, quarterTurns: 0 }]);
    setStatus(`Page ${pages.length + 1} added`);
  };

  const act = (key: string, action: PageAction) => {
    const index = pages.findIndex((p) => p.key === key);
    const { next, said } = applyAction(pages, index, action);
    if (!said) return;
    setPages(next);
    setStatus(said);
    if (action !== 'remove') {
      setFocusAfter({ key, action });
      return;
    }
    const removed = pages[index];
    if (removed) free(removed);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocusAfter({ key: neighbour.key, action: 'remove' });
    else onEmptied();
  };

  const clear = () => {
    for (const page of pages) free(page);
    setPages([]);
  };

  return { pages, status, setStatus, add, act, clear };
}
