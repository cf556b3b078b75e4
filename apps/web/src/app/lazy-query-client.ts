/**
 * The app's one query client (query-client.ts), made when first needed: TanStack Query (~10 KB
 * gzip) is downloaded then, not with the first download of /login, which has a budget and
 * caches nothing (bench/bundle-check.ts). Every other page, the loaders and guards that use it,
 * and the signed-in parts of the shell wait for it (router.tsx, session-sync.ts); the sign-in page
 * and the shell's signed-out parts use it only if it is there (lib/request/query-client-if-made.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createStore } from '../lib/platform/store.ts';

export type LazyQueryClient = {
  /** The client once made; undefined before (so nothing can have been cached yet). */
  peek: () => QueryClient | undefined;
  /** Makes the client on the first call (downloading TanStack Query); later calls answer the same one. */
  load: () => Promise<QueryClient>;
  subscribe: (listener: () => void) => () => void;
};

const makeQueryClient = () => import('./query-client.ts').then((m) => m.createQueryClient());

export function createLazyQueryClient(make: () => Promise<QueryClient> = makeQueryClient): LazyQueryClient {
  const store = createStore<QueryClient | undefined>(undefined);
  let loading: Promise<QueryClient> | undefined;
  return {
    peek: store.get,
    load() {
      loading ??= make().then(
        (client) => {
          store.set(client);
          return client;
        },
        (error: unknown) => {
          loading = undefined; // a failed download is tried again by the next page
          throw error;
        },
      );
      return loading;
    },
    subscribe: store.subscribe,
  };
}

/** A client that is already made (the tests render the app with one). */
export function madeQueryClient(client: QueryClient): LazyQueryClient {
  const store = createStore<QueryClient | undefined>(client);
  return { peek: store.get, load: () => Promise.resolve(client), subscribe: store.subscribe };
}
