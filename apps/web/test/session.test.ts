import { ENDPOINTS } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { isAppMode, setAppMode, initAppMode } from '../src/lib/platform/app-mode.ts';
import { resumeRememberedSession } from '../src/lib/api/remembered-session.ts';
import {
  CURRENT_USER_KEY,
  REMEMBERED_KEY,
  clearPendingTokens,
  clearSession,
  onRememberedToken,
  replaceLoginToken,
  getAccessToken,
  getCurrentUser,
  isSignedIn,
  readStoredUser,
  reloadSessionFromStorage,
  saveLoginToken,
  saveRegistrationToken,
  saveVerificationToken,
} from '../src/lib/session/session.ts';
import { onSignOut, signOut } from '../src/lib/session/sign-out.ts';
import { mockServer } from './helpers.ts';

const stored = (area: Storage) => area.getItem(CURRENT_USER_KEY);

describe('session storage (spec 000 §4)', () => {
  it('RememberMe keeps no token where script can read it after a restart: sessionStorage, a flag, and the cookie call', () => {
    const kept: string[] = [];
    const stop = onRememberedToken((token) => kept.push(token));
    saveLoginToken('t-remember', true);
    expect(JSON.parse(stored(sessionStorage)!)).toEqual({
      AccessToken: 't-remember',
      IsOneTimePassword: false,
      RememberMe: true,
    });
    expect(stored(localStorage)).toBeNull();
    expect(localStorage.getItem(REMEMBERED_KEY)).toBe('1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('t-remember');
    expect(kept).toEqual(['t-remember']);
    // A step-up rotation: the new token goes to the cookie too, the old one was revoked.
    replaceLoginToken('t-rotated');
    expect(kept).toEqual(['t-remember', 't-rotated']);
    expect(isSignedIn()).toBe(true);
    stop();
  });

  it('without RememberMe the user goes to sessionStorage, and nothing is remembered', () => {
    const kept: string[] = [];
    const stop = onRememberedToken((token) => kept.push(token));
    saveLoginToken('t-session', false);
    replaceLoginToken('t-session-2');
    expect(stored(sessionStorage)).not.toBeNull();
    expect(stored(localStorage)).toBeNull();
    expect(localStorage.getItem(REMEMBERED_KEY)).toBeNull();
    expect(getAccessToken()).toBe('t-session-2');
    expect(kept).toEqual([]);
    stop();
  });

  it('a new sign-in without RememberMe forgets a remembered one', () => {
    saveLoginToken('first', true);
    saveLoginToken('second', false);
    expect(localStorage.getItem(REMEMBERED_KEY)).toBeNull();
    expect(JSON.parse(stored(sessionStorage)!).AccessToken).toBe('second');
  });

  it('registration always stores in sessionStorage and is not signed in', () => {
    saveRegistrationToken('reg-token');
    expect(JSON.parse(stored(sessionStorage)!).RegistrationToken).toBe('reg-token');
    expect(stored(localStorage)).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('the verification step keeps its token in sessionStorage, not signed in', () => {
    saveVerificationToken('verify-token');
    expect(JSON.parse(stored(sessionStorage)!).VerificationToken).toBe('verify-token');
    expect(isSignedIn()).toBe(false);
  });

  it('moves a token kept in localStorage before the change to this tab and the cookie, without signing the claimant out', () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ AccessToken: 'from-local', IsOneTimePassword: false }));
    expect(readStoredUser()?.AccessToken).toBe('from-local');
    expect(stored(localStorage)).toBeNull();
    expect(JSON.parse(stored(sessionStorage)!).AccessToken).toBe('from-local');
    expect(localStorage.getItem(REMEMBERED_KEY)).toBe('1');
    // The listener that sends tokens to the cookie gets it when it starts.
    const kept: string[] = [];
    const stop = onRememberedToken((token) => kept.push(token));
    expect(kept).toEqual(['from-local']);
    stop();
    reloadSessionFromStorage();
    expect(getAccessToken()).toBe('from-local');
  });

  it('a fresh tab with a remembered session asks the server for it; one that ended leaves the claimant signed out, untold', async () => {
    localStorage.setItem(REMEMBERED_KEY, '1');
    reloadSessionFromStorage();
    const server = mockServer({ '/api/account/resumesession': { status: 200, body: { AccessToken: 'resumed' } } });
    await resumeRememberedSession();
    expect(getAccessToken()).toBe('resumed');
    expect(server.calls.find((c) => c.url === '/api/account/resumesession')?.body).toEqual({});

    clearSession();
    localStorage.setItem(REMEMBERED_KEY, '1');
    mockServer({
      '/api/account/resumesession': { status: 225, body: [{ Number: 8, Message: 'Your session has timed out.' }] },
    });
    const forced = vi.fn();
    const stop = onSignOut(forced);
    await resumeRememberedSession();
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem(REMEMBERED_KEY)).toBeNull();
    expect(forced).not.toHaveBeenCalled();
    stop();
  });

  it('a damaged entry counts as signed out', () => {
    localStorage.setItem(CURRENT_USER_KEY, '{not json');
    expect(readStoredUser()).toBeNull();
  });

  it('forced logout clears memory and both storage areas', () => {
    saveLoginToken('t', true);
    sessionStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ AccessToken: 'x' }));
    void signOut('server-idle');
    expect(getCurrentUser()).toBeNull();
    expect(stored(localStorage)).toBeNull();
    expect(stored(sessionStorage)).toBeNull();
  });

  it('the login page clears a half-finished registration but never a signed-in user', () => {
    saveRegistrationToken('reg');
    clearPendingTokens();
    expect(getCurrentUser()).toBeNull();
    saveLoginToken('t', false);
    clearPendingTokens();
    expect(isSignedIn()).toBe(true);
  });

  it('logout clears the user before the call and again after it', async () => {
    saveLoginToken('t-out', true);
    let signedInDuringCall: boolean | undefined;
    const server = mockServer({
      '/api/account/logout': () => {
        signedInDuringCall = isSignedIn();
        // Something writes the user back while the call is in flight: cleared again after.
        localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ AccessToken: 'late' }));
        return { status: 200, body: true };
      },
    });
    await signOut('chosen');
    expect(signedInDuringCall).toBe(false);
    expect(server.callsTo(ENDPOINTS.logout.path)[0]?.body).toEqual({ AccessToken: 't-out' });
    expect(stored(localStorage)).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('a failed logout call still signs out locally and does not throw', async () => {
    saveLoginToken('t-fail', false);
    document.cookie = '__Host-XSRF-TOKEN=x; path=/; secure';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(signOut('chosen')).resolves.toBeUndefined();
    expect(isSignedIn()).toBe(false);
    expect(stored(sessionStorage)).toBeNull();
  });
});

describe('app mode flag', () => {
  it('is kept in sessionStorage and mirrored to window.isApp', () => {
    initAppMode();
    expect(window.isApp).toBe(false);
    setAppMode(true);
    expect(sessionStorage.getItem('isApp')).toBe('true');
    expect(window.isApp).toBe(true);
    expect(isAppMode()).toBe(true);
    window.isApp = undefined;
    initAppMode();
    expect(window.isApp).toBe(true);
  });
});
