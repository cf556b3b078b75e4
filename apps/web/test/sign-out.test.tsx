/**
 * One sign-out (lib/session/sign-out.ts): what each reason does, as the claimant and the server meet it —
 * the server told or not, forms told to keep their drafts or not, why on /login, the session's
 * cached data dropped once, the kept invitation and the resumable-upload addresses forgotten.
 */
import { CLIENT_MESSAGES } from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryOptions } from '../src/lib/api/get-account.ts';
import { queryKeys } from '../src/lib/api/query-keys.ts';
import { draftMirrorKey, setDraftMirrorStorage, type StoredDraft } from '../src/lib/forms/draft-mirror.ts';
import { keepInvitation, keptInvitation } from '../src/lib/session/helping-invitation.ts';
import { REMEMBERED_KEY, isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { BEFORE_FORCED_LOGOUT_EVENT, signOut, type SignOutReason } from '../src/lib/session/sign-out.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';
import { memoryStorage } from './memory-draft-storage.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
  setDraftMirrorStorage(null);
});

const ALEX_KEY = draftMirrorKey({ account: 'alex@example.com', claim: '12/34567', form: 'contact' });
const SAM_KEY = draftMirrorKey({ account: 'sam@example.com', claim: '12/34567', form: 'contact' });
const draft = (key: string, account: string): StoredDraft => ({
  key,
  account,
  draft: { Message: 'Where is my travel payment?' },
  formId: null,
  updatedAt: Date.parse('2026-11-20T09:05:00Z'),
  baseUpdatedAt: null,
  synced: false,
  revision: 'r-1',
});
const UPLOAD_ADDRESS_KEY = 'tus::notes.txt-100::contact::form-1';
const sessionDrops = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([filters]) => JSON.stringify(filters) === JSON.stringify({ queryKey: queryKeys.all }));

type Reply = Parameters<typeof mockServer>[0][string];

function signedInServer(logout: Reply = { status: 200, body: true }) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: CLAIMS },
    '/api/account/getaccount': { status: 200, body: accountFixture() },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/logout': logout,
  });
}

const onClaims = () => screen.findByRole('button', { name: 'Manage claim 12/34567' });

/** Signed in on /claims with the account cached, a mirrored draft of Alex's and of Sam's, an invitation and an upload under way. */
async function signedInOnClaims(remembered = false) {
  saveLoginToken('t', remembered);
  const storage = memoryStorage();
  storage.entries.set(ALEX_KEY, draft(ALEX_KEY, 'alex@example.com'));
  storage.entries.set(SAM_KEY, draft(SAM_KEY, 'sam@example.com'));
  setDraftMirrorStorage(storage);
  keepInvitation('invitation-token');
  localStorage.setItem(UPLOAD_ADDRESS_KEY, JSON.stringify({ uploadUrl: '/api/uploads/resumable/u-1' }));
  const server = signedInServer();
  app = renderApp('/claims');
  await onClaims();
  await app.queryClient.fetchQuery(accountQueryOptions);
  const removeQueries = vi.spyOn(app.queryClient, 'removeQueries');
  const keepDrafts = vi.fn();
  window.addEventListener(BEFORE_FORCED_LOGOUT_EVENT, keepDrafts);
  return { server, storage, removeQueries, keepDrafts };
}

type Expected = { told: boolean; keepsDrafts: boolean; shown: string | null; forgetsDrafts: boolean };

const CASES: Array<[SignOutReason, Expected]> = [
  ['chosen', { told: true, keepsDrafts: false, shown: null, forgetsDrafts: true }],
  ['idle', { told: true, keepsDrafts: true, shown: CLIENT_MESSAGES.sessionIdleSignedOut, forgetsDrafts: false }],
  [
    'server-idle',
    { told: false, keepsDrafts: true, shown: CLIENT_MESSAGES.sessionIdleSignedOut, forgetsDrafts: false },
  ],
  ['expired', { told: false, keepsDrafts: true, shown: CLIENT_MESSAGES.sessionExpiredSignedOut, forgetsDrafts: false }],
  ['claims-unreadable', { told: true, keepsDrafts: false, shown: null, forgetsDrafts: false }],
  ['other-tab', { told: false, keepsDrafts: false, shown: null, forgetsDrafts: false }],
];

describe('signOut(reason)', () => {
  it.each(CASES)('%s', async (reason, expected) => {
    const { server, storage, removeQueries, keepDrafts } = await signedInOnClaims();
    const told = () => server.calls.filter((c) => c.url === '/api/account/logout');
    const before = told().length;

    await act(() => signOut(reason));

    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(isSignedIn()).toBe(false);
    expect(sessionStorage.getItem('currentUser')).toBeNull();
    expect(
      told()
        .slice(before)
        .map((c) => c.body),
    ).toEqual(expected.told ? [{ AccessToken: 't' }] : []);
    expect(keepDrafts).toHaveBeenCalledTimes(expected.keepsDrafts ? 1 : 0);
    if (expected.shown) expect((await screen.findByTestId('signed-out-reason')).textContent).toBe(expected.shown);
    else expect(screen.queryByTestId('signed-out-reason')).toBeNull();
    expect(sessionDrops(removeQueries)).toHaveLength(1);
    expect(app?.queryClient.getQueryData(queryKeys.account)).toBeUndefined();
    expect(keptInvitation()).toBeUndefined();
    expect(localStorage.getItem(UPLOAD_ADDRESS_KEY)).toBeNull();
    if (expected.forgetsDrafts) await waitFor(() => expect(storage.entries.has(ALEX_KEY)).toBe(false));
    else {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(storage.entries.has(ALEX_KEY)).toBe(true);
    }
    // Only the account signing out: another account's drafts on this browser are theirs.
    expect(storage.entries.has(SAM_KEY)).toBe(true);
    window.removeEventListener(BEFORE_FORCED_LOGOUT_EVENT, keepDrafts);
  });

  it('the claimant choosing to sign out waits for the server before leaving the page', async () => {
    saveLoginToken('t', false);
    let pathnameDuringCall: string | undefined;
    signedInServer(() => {
      pathnameDuringCall = app?.pathname();
      return { status: 200, body: true };
    });
    app = renderApp('/claims');
    await onClaims();
    await act(() => signOut('chosen'));
    expect(pathnameDuringCall).toBe('/claims');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
  });

  it('another tab signing the remembered session out signs this tab out the same way, untold', async () => {
    const { server, removeQueries, keepDrafts } = await signedInOnClaims(true);
    const before = server.callsTo('/api/account/logout').length;
    localStorage.removeItem(REMEMBERED_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: REMEMBERED_KEY, storageArea: localStorage }));
    });
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(isSignedIn()).toBe(false);
    expect(server.callsTo('/api/account/logout')).toHaveLength(before);
    expect(keepDrafts).not.toHaveBeenCalled();
    expect(sessionDrops(removeQueries)).toHaveLength(1);
    expect(keptInvitation()).toBeUndefined();
    expect(localStorage.getItem(UPLOAD_ADDRESS_KEY)).toBeNull();
    window.removeEventListener(BEFORE_FORCED_LOGOUT_EVENT, keepDrafts);
  });
});

describe('signing in', () => {
  it('drops what the cache still held once, without the login page doing it', async () => {
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/login': { status: 200, body: { AccessToken: 'login-1', AccountActivated: 2 } },
      '/api/claim/getclaims': { status: 200, body: CLAIMS },
    });
    app = renderApp('/login');
    await screen.findByTestId('login-form');
    app.queryClient.setQueryData(queryKeys.account, accountFixture());
    const removeQueries = vi.spyOn(app.queryClient, 'removeQueries');
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'alex@example.com' } });
    fireEvent.blur(screen.getByTestId('login-username'));
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Claimant#2026' } });
    fireEvent.blur(screen.getByTestId('login-password'));
    await waitFor(() =>
      expect(screen.getByTestId('login-submit').getAttribute('aria-disabled') === 'true').toBe(false),
    );
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(isSignedIn()).toBe(true);
    expect(sessionDrops(removeQueries)).toHaveLength(1);
  });
});
