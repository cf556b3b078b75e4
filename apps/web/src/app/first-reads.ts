/**
 * A claim page's first reads, sent as the app starts on it — from the router's first load, before
 * the query client, the page's code and React's first render — so the page draws from answers that
 * set off with the entry, not a round trip after it (bench/RESULTS.md Lighthouse; decision 043).
 * Every claim page reads the claims, the account (the side menu's name) and the unread count (the
 * menu's badge); a page names its own in its route meta (`firstReads`). The page's own calls take
 * the answers (lib/request/early-answers.ts); those the app does not use go when it leaves the page.
 */
import { dropEarlyAnswers, startEarly } from '../lib/request/call.ts';
import type { FirstRead, RouteMeta } from './route-meta.ts';

const EVERY_CLAIM_PAGE: readonly FirstRead[] = [
  { name: 'getClaims' },
  { name: 'getAccount' },
  { name: 'getUnreadMessageCount' },
];

/** `url`: the address the app starts on (a page may make a body from it). */
export function startFirstReads(meta: RouteMeta, url: URL): void {
  for (const read of [...EVERY_CLAIM_PAGE, ...(meta.firstReads ?? [])]) {
    const options = read.params ? { params: read.params } : {};
    if (typeof read.body === 'function')
      void read.body(url).then(
        (body) => startEarly(read.name, body, options),
        () => undefined, // its code did not arrive: the page asks itself
      );
    else startEarly(read.name, read.body ?? {}, options);
  }
}

type Router = {
  state: { location: { key: string } };
  subscribe: (listener: (state: { location: { key: string } }) => void) => () => void;
};

/** The answers held for the page the app started on go once it is somewhere else (a redirect too). */
export function dropFirstReadsOnLeaving(router: Router): () => void {
  const start = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key === start) return;
    dropEarlyAnswers();
    unsubscribe();
  });
  return unsubscribe;
}
