/** Renders the real route table (guards, loaders, shell) in a memory router. */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/app/app.tsx';
import { madeQueryClient } from '../src/app/lazy-query-client.ts';
import { createQueryClient } from '../src/app/query-client.ts';
import { createRoutes } from '../src/app/router.tsx';
import { startSessionSync } from '../src/app/session-sync.ts';

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const lazyQueryClient = madeQueryClient(queryClient);
  const router = createMemoryRouter(createRoutes(lazyQueryClient), { initialEntries: [path] });
  const stopSync = startSessionSync(router, lazyQueryClient);
  const view = render(<App router={router} queryClient={lazyQueryClient} />);
  return {
    ...view,
    router,
    queryClient,
    pathname: () => router.state.location.pathname,
    cleanup: () => {
      view.unmount();
      stopSync();
      router.dispose();
      queryClient.clear();
    },
  };
}
