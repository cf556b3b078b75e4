import { ENDPOINTS } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { logout } from '../src/lib/api/logout.ts';
import { isAppMode, setAppMode, initAppMode } from '../src/lib/app-mode.ts';
import {
  CURRENT_USER_KEY,
  clearPendingTokens,
  forceLogout,
  getAccessToken,
  getCurrentUser,
  isSignedIn,
  readStoredUser,
  reloadSessionFromStorage,
  saveLoginToken,
  saveRegistrationToken,
  saveVerificationToken,
} from '../src/lib/session.ts';
import { mockServer } from './helpers.ts';

const stored = (area: Storage) => area.getItem(CURRENT_USER_KEY);

describe('session storage (spec 000 §4)', () => {
  it('RememberMe saves the user to localStorage', () => {
    saveLoginToken('t-remember', true);
    expect(JSON.parse(stored(localStorage)!)).toEqual({ AccessToken: 't-remember', IsOneTimePassword: false });
    expect(stored(sessionStorage)).toBeNull();
    expect(isSignedIn()).toBe(true);
  });

  it('without RememberMe the user goes to sessionStorage', () => {
    saveLoginToken('t-session', false);
    expect(stored(sessionStorage)).not.toBeNull();
    expect(stored(localStorage)).toBeNull();
    expect(getAccessToken()).toBe('t-session');
  });

  it('a new sign-in replaces a user kept in the other area', () => {
    saveLoginToken('first', true);
    saveLoginToken('second', false);
    expect(stored(localStorage)).toBeNull();
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

  it('a fresh load reads localStorage first, then sessionStorage', () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ AccessToken: 'from-local', IsOneTimePassword: false }));
    sessionStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ AccessToken: 'from-session', IsOneTimePassword: false }));
    expect(readStoredUser()?.AccessToken).toBe('from-local');
    localStorage.removeItem(CURRENT_USER_KEY);
    expect(readStoredUser()?.AccessToken).toBe('from-session');
    reloadSessionFromStorage();
    expect(getAccessToken()).toBe('from-session');
  });

  it('a damaged entry counts as signed out', () => {
    localStorage.setItem(CURRENT_USER_KEY, '{not json');
    expect(readStoredUser()).toBeNull();
  });

  it('forced logout clears memory and both storage areas', () => {
    saveLoginToken('t', true);
    sessionStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ AccessToken: 'x' }));
    forceLogout('idle');
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
    await logout();
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
    await expect(logout()).resolves.toBeUndefined();
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
