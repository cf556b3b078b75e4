import './styles/tokens.css';
import './styles/base.css';
import './styles/patterns.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { createLazyQueryClient } from './app/lazy-query-client.ts';
import { dropFirstReadsOnLeaving } from './app/first-reads.ts';
import { createRoutes } from './app/router.tsx';
import { startSessionSync } from './app/session-sync.ts';
import { preloadSignedInShell } from './app/shell/lazy-signed-in.ts';
import { initAppMode } from './lib/platform/app-mode.ts';
import { loadProvider } from './lib/content/provider.ts';
import { startServiceWorker } from './lib/platform/service-worker.ts';
import { keepRememberedTokens, resumeRememberedSession } from './lib/api/remembered-session.ts';
import { isSignedIn } from './lib/session/session.ts';

initAppMode();
keepRememberedTokens();

/**
 * A remembered session is asked for before the router starts (its guards read the session) and
 * before the first render; the provider's name and phone appear on every page, so they are read
 * first too (and the XSRF cookie with them).
 */
async function start(): Promise<void> {
  const provider = loadProvider();
  await resumeRememberedSession();
  const queryClient = createLazyQueryClient();
  const router = createBrowserRouter(createRoutes(queryClient));
  dropFirstReadsOnLeaving(router);
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
  await provider;
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
startServiceWorker();
