import './styles/tokens.css';
import './styles/base.css';
import './styles/patterns.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { createLazyQueryClient } from './app/lazy-query-client.ts';
import { createRoutes } from './app/router.tsx';
import { startSessionSync } from './app/session-sync.ts';
import { preloadSignedInShell } from './app/shell/lazy-signed-in.ts';
import { initAppMode } from './lib/app-mode.ts';
import { loadProvider } from './lib/provider.ts';
import { startServiceWorker } from './lib/service-worker.ts';
import { isSignedIn } from './lib/session.ts';

initAppMode();
const queryClient = createLazyQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));
startSessionSync(router, queryClient);
// The shell's signed-in parts and the query client are loaded on demand (the /login budget); a
// signed-in start needs them at once.
if (isSignedIn()) {
  preloadSignedInShell();
  void queryClient.load().catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
// The provider's name and phone appear on every page: read them (and get the XSRF cookie) first.
void loadProvider().then(() =>
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);

startServiceWorker();
