/**
 * Paging of the inbox and sent items (spec 001 §4 Inbox, §9): ten at a time — the first page is
 * Offset 0 Amount 10, the next Offset End (the previous page's End), until End reaches Total.
 */
import { LIMITS } from '@portal/contracts';

export type PageInfo = { Start: number; End: number; Total: number };

export function pageRequest(offset: number): { Offset: number; Amount: number } {
  return { Offset: offset, Amount: LIMITS.pageSize };
}

/** The offset of the next page, or undefined when there is none (an empty page ends it too). */
export function nextOffset(page: PageInfo): number | undefined {
  return page.End < page.Total && page.End > page.Start ? page.End : undefined;
}

/** The items of the loaded pages in order, each once (a message that arrived between two pages shifts the offsets). */
export function flattenPages<P, T>(
  pages: readonly P[] | undefined,
  itemsOf: (page: P) => readonly T[],
  idOf: (item: T) => string,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of itemsOf(page)) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(item);
    }
  }
  return out;
}

/** The status after "Load more": 'Showing a - b of N' of the entries loaded and the last page's Total. */
export function showingStatus(items: readonly unknown[], pages: readonly PageInfo[]): string {
  return showingText(items.length, pages.at(-1)?.Total ?? 0) ?? '';
}

/** 'Showing a - b of N' (spec 001 Inbox); null when there is nothing to show. */
export function showingText(shown: number, total: number): string | null {
  if (total <= 0 || shown <= 0) return null;
  return `Showing 1 - ${Math.min(shown, total)} of ${total}`;
}
