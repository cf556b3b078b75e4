/**
 * A claim page's first reads (app/first-reads.ts): sent as the app starts on the page, before the
 * query client is made and before anything is drawn, and each taken by the page's own call — so
 * every one is asked exactly once (a page asking with another body would ask twice).
 */
import { render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../src/app/app.tsx';
import { dropFirstReadsOnLeaving } from '../src/app/first-reads.ts';
import { createLazyQueryClient } from '../src/app/lazy-query-client.ts';
import { createQueryClient } from '../src/app/query-client.ts';
import { createRoutes } from '../src/app/router.tsx';
import { startSessionSync } from '../src/app/session-sync.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

const EMPTY_PAGE = { Start: 0, End: 0, Total: 0, Items: [] };
const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));

function claimServer(extra: Parameters<typeof mockServer>[0] = {}) {
  saveLoginToken('session-1', false);
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: SELECTED },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 3 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: accountFixture() },
    '/api/claim/gettasks': { status: 200, body: { Tasks: [] } },
    '/api/payments/getsummary': { status: 200, body: { NextPayment: null, RecentDecisions: [] } },
    '/api/inbox/getmessages': { status: 200, body: EMPTY_PAGE },
    '/api/documentupload/getsentitems': { status: 200, body: EMPTY_PAGE },
    '/api/dropdownlistdatasource/list': {
      status: 200,
      body: { Items: [{ ElementNumber: 1, Id: 1, Item: 'Documents' }] },
    },
    '/api/payments/getpayments': {
      status: 200,
      body: { ...EMPTY_PAGE, Upcoming: 0, FinancialYears: [], YearTotals: null },
    },
    ...extra,
  });
}

/** The app as main.tsx starts it: the query client made on demand, here only once `release` is called. */
function startApp(path: string) {
  const client = createQueryClient();
  let release: (() => void) | undefined;
  const made = new Promise<QueryClient>((resolve) => {
    release = () => resolve(client);
  });
  const queryClient = createLazyQueryClient(() => made);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const stopDropping = dropFirstReadsOnLeaving(router);
  const stopSync = startSessionSync(router, queryClient);
  const view = render(<App router={router} queryClient={queryClient} />);
  cleanup = () => {
    view.unmount();
    stopSync();
    stopDropping();
    router.dispose();
    client.clear();
  };
  /** Every query of the page has settled: any call the page made of its own has been sent. */
  const settled = () => waitFor(() => expect(client.isFetching()).toBe(0));
  return { release: () => release?.(), router, settled };
}

const CLAIM_HOME_READS = [
  '/api/claim/getclaims',
  '/api/account/getaccount',
  '/api/inbox/getunreadmessagecount',
  '/api/claim/gettasks',
  '/api/payments/getsummary',
];

describe("a claim page's first reads", () => {
  it('/claim: all five are asked before the query client is made, and each once', async () => {
    const server = claimServer();
    const app = startApp('/claim');
    await waitFor(() => expect(server.callsTo('/api/payments/getsummary')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'What would you like to do?' })).toBeNull();
    for (const url of CLAIM_HOME_READS) expect(server.callsTo(url), url).toHaveLength(1);

    app.release();
    await screen.findByRole('heading', { name: 'What would you like to do?' }, { timeout: 3000 });
    // The badge drew the early answer; the payments panel has drawn from its.
    await screen.findByText(/3 unread/i);
    await app.settled();
    for (const url of CLAIM_HOME_READS) expect(server.callsTo(url), url).toHaveLength(1);
  });

  it.each([
    ['/inbox', 'Inbox', '/api/inbox/getmessages', { Offset: 0, Amount: 10 }],
    ['/payments', 'Payments', '/api/payments/getpayments', { Offset: 0, Amount: 10 }],
    ['/sentitems', 'Sent items', '/api/documentupload/getsentitems', { Offset: 0, Amount: 10 }],
    ['/sentitems', 'Sent items', '/api/dropdownlistdatasource/list', { ListType: 'SentItemTypes' }],
  ])('%s: its list is asked once, with the body the page asks with (%s)', async (path, heading, url, body) => {
    const server = claimServer();
    const app = startApp(path);
    await waitFor(() => expect(server.callsTo(url)).toHaveLength(1));
    app.release();
    await screen.findByRole('heading', { level: 1, name: heading });
    await app.settled();
    expect(server.callsTo('/api/inbox/getunreadmessagecount')).toHaveLength(1);
    expect(server.callsTo(url).map((c) => c.body)).toHaveLength(1);
    expect(server.callsTo(url)[0]?.body).toMatchObject(body);
    expect(server.callsTo('/api/claim/gettasks')).toHaveLength(0);
  });

  it('without a selected claim, what was asked for no claim is not the claim opened next', async () => {
    let selected = false;
    const server = claimServer({
      '/api/claim/getclaims': () => ({ status: 200, body: [{ ...CLAIMS[0], Selected: selected }] }),
      '/api/claim/selectclaim': () => {
        selected = true;
        return { status: 200, body: true };
      },
      '/api/inbox/getunreadmessagecount': () =>
        // Before the selection, an answer that is not the claim's (what a stale read would draw).
        ({ status: 200, body: selected ? 2 : 7 }),
    });
    const app = startApp('/claim');
    await waitFor(() => expect(server.callsTo('/api/inbox/getunreadmessagecount')).toHaveLength(1));
    app.release();
    // The guard sends it to /claims, which selects the one claim and opens it.
    await screen.findByRole('heading', { name: 'What would you like to do?' }, { timeout: 3000 });
    expect(app.router.state.location.pathname).toBe('/claim');
    await screen.findByText(/2 unread/i);
    expect(screen.queryByText(/7 unread/i)).toBeNull();
    expect(server.callsTo('/api/inbox/getunreadmessagecount')).toHaveLength(2);
  });
});
