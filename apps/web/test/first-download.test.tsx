/**
 * What the first visit to /login can do without (README "The first download of /login"): the
 * page works before TanStack Query is downloaded, and every other page waits for the client.
 */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app.tsx';
import { createLazyQueryClient } from '../src/app/lazy-query-client.ts';
import { createQueryClient } from '../src/app/query-client.ts';
import { createRoutes } from '../src/app/router.tsx';
import { startSessionSync } from '../src/app/session-sync.ts';
import { mockServer } from './helpers.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function renderWithLazyClient(path: string) {
  const client = createQueryClient();
  const make = vi.fn(() => Promise.resolve(client));
  const queryClient = createLazyQueryClient(make);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const stopSync = startSessionSync(router, queryClient);
  const view = render(<App router={router} queryClient={queryClient} />);
  cleanup = () => {
    view.unmount();
    stopSync();
    router.dispose();
    client.clear();
  };
  return { make, router };
}

describe('the first download of /login', () => {
  it('shows the sign-in page without making the query client; the next page makes it', async () => {
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/maintenance/checkmessage': { status: 200, body: [] },
    });
    const { make, router } = renderWithLazyClient('/login');
    await screen.findByTestId('login-form');
    expect(screen.getByRole('link', { name: /Claimant Portal/ }).getAttribute('href')).toBe('/login');
    expect(make).not.toHaveBeenCalled();

    await act(() => router.navigate('/forgotusername'));
    await screen.findByTestId('forgot-username-form');
    expect(make).toHaveBeenCalledTimes(1);
  });
});
