import { QueryClientContext } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { LazyQueryClient } from './lazy-query-client.ts';

type AppProps = {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: LazyQueryClient;
};

/**
 * The router under the query client's context. The client is made on demand (lazy-query-client.ts),
 * so this does what QueryClientProvider does — provide it and mount it (focus and online
 * refetching) — from the moment it exists, without re-mounting the tree when it arrives.
 */
export function App({ router, queryClient }: AppProps) {
  const client = useSyncExternalStore(queryClient.subscribe, queryClient.peek, queryClient.peek);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </QueryClientContext.Provider>
  );
}
