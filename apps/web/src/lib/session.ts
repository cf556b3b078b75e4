/**
 * The signed-in user (spec 000 §3 "Current user", §4 "Session").
 *
 * - Signed out = no stored user with a login token; signed in = a stored user with one.
 * - A normal sign-in saves to localStorage when RememberMe is true, otherwise to sessionStorage.
 * - Registration (and the login-verification step) always store in sessionStorage, and those
 *   tokens do not count as signed in: they only open /activate and /verify.
 * - A fresh load reads localStorage first, then sessionStorage.
 * - A forced logout clears memory and both storage areas; a normal logout clears before and
 *   after the server call (see lib/api/logout.ts).
 */
import { createStore, useStore } from './store.ts';
import { readItem, removeItem, writeItem, type StorageArea } from './safe-storage.ts';

export const CURRENT_USER_KEY = 'currentUser';

export type CurrentUser = {
  /** The login token of a signed-in claimant. */
  AccessToken?: string;
  /** Spec 000 §4: AccountActivated 0 (or an unknown value) stores the token as the registration token. */
  RegistrationToken?: string;
  /** AccountActivated 1: the token that the /verify step exchanges for a login token. */
  VerificationToken?: string;
  /** The sign-in that led to /verify asked to be remembered: the login token goes to localStorage then. */
  RememberMe?: boolean;
  IsOneTimePassword: boolean;
};

/** Why the claimant was signed out without asking; the login page explains it. */
export type SignedOutReason = 'idle' | 'expired';

/**
 * Fired on `window` just before a forced logout (idle time-out or a token-expired error) wipes
 * the session. Forms that keep drafts (later issues) listen for it and save synchronously:
 *
 *   window.addEventListener(BEFORE_FORCED_LOGOUT_EVENT, (e) => saveDraftNow(), { once: true })
 *
 * `event.detail.reason` is a SignedOutReason.
 */
export const BEFORE_FORCED_LOGOUT_EVENT = 'portal:before-forced-logout';
export type BeforeForcedLogoutDetail = { reason: SignedOutReason };

function parseUser(raw: string | null): CurrentUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') {
      const v = value as Record<string, unknown>;
      const user: CurrentUser = { IsOneTimePassword: v.IsOneTimePassword === true };
      if (typeof v.AccessToken === 'string' && v.AccessToken) user.AccessToken = v.AccessToken;
      if (typeof v.RegistrationToken === 'string' && v.RegistrationToken) user.RegistrationToken = v.RegistrationToken;
      if (typeof v.VerificationToken === 'string' && v.VerificationToken) user.VerificationToken = v.VerificationToken;
      if (v.RememberMe === true) user.RememberMe = true;
      return user;
    }
  } catch {
    // A damaged entry counts as no user.
  }
  return null;
}

/** Spec 000 §4: on a fresh load the user is read from local storage first, then session storage. */
export function readStoredUser(): CurrentUser | null {
  return parseUser(readItem('local', CURRENT_USER_KEY)) ?? parseUser(readItem('session', CURRENT_USER_KEY));
}

const userStore = createStore<CurrentUser | null>(readStoredUser());
const signedOutReasonStore = createStore<SignedOutReason | null>(null);
const forcedLogoutListeners = new Set<(reason: SignedOutReason) => void>();

function save(user: CurrentUser, where: StorageArea): void {
  const other: StorageArea = where === 'local' ? 'session' : 'local';
  removeItem(other, CURRENT_USER_KEY);
  writeItem(where, CURRENT_USER_KEY, JSON.stringify(user));
  userStore.set(user);
}

export function getCurrentUser(): CurrentUser | null {
  return userStore.get();
}

export function getAccessToken(): string | undefined {
  return userStore.get()?.AccessToken;
}

export function isSignedIn(): boolean {
  return Boolean(userStore.get()?.AccessToken);
}

/** Spec 000 §4: a normal sign-in — localStorage when RememberMe, else sessionStorage. */
export function saveLoginToken(token: string, rememberMe: boolean): void {
  save({ AccessToken: token, IsOneTimePassword: false }, rememberMe ? 'local' : 'session');
  signedOutReasonStore.set(null);
}

/** Spec 000 §4: registration always stores in sessionStorage. */
export function saveRegistrationToken(token: string): void {
  save({ RegistrationToken: token, IsOneTimePassword: false }, 'session');
}

/**
 * AccountActivated 1 (and a password reset of an activated account): kept for /verify, in
 * sessionStorage, not signed in. The remember-me choice of the sign-in is kept with it, so the
 * login token that /verify yields is stored where a direct sign-in would have stored it.
 */
export function saveVerificationToken(token: string, rememberMe = false): void {
  save({ VerificationToken: token, IsOneTimePassword: false, ...(rememberMe ? { RememberMe: true } : {}) }, 'session');
}

/**
 * A step-up verification rotates the session token (the old one is revoked server-side): the new
 * token replaces the stored one in the same storage area, so a remembered sign-in stays remembered.
 */
export function replaceLoginToken(token: string): void {
  const user = userStore.get();
  if (!user?.AccessToken) return;
  const where: StorageArea = readItem('local', CURRENT_USER_KEY) ? 'local' : 'session';
  save({ ...user, AccessToken: token }, where);
}

/**
 * The login page clears a half-finished registration or verification (spec 000 §2 "visiting the
 * login page signs out any current user"; a signed-in user never reaches /login, the guard sends
 * them to /claims first).
 */
export function clearPendingTokens(): void {
  const user = userStore.get();
  if (user && !user.AccessToken) clearSession();
}

/** Memory and both storage areas. */
export function clearSession(): void {
  removeItem('local', CURRENT_USER_KEY);
  removeItem('session', CURRENT_USER_KEY);
  userStore.set(null);
}

/**
 * Spec 000 §4/§8: forced logout (idle time-out, token-expired error). Fires
 * BEFORE_FORCED_LOGOUT_EVENT first so open forms can keep their drafts, then clears memory and both
 * storage areas, records the reason for the login page and tells the app (which goes to /login).
 */
export function forceLogout(reason: SignedOutReason): void {
  const wasSignedIn = isSignedIn();
  if (wasSignedIn) {
    window.dispatchEvent(new CustomEvent<BeforeForcedLogoutDetail>(BEFORE_FORCED_LOGOUT_EVENT, { detail: { reason } }));
    signedOutReasonStore.set(reason);
  }
  clearSession();
  for (const listener of [...forcedLogoutListeners]) listener(reason);
}

export function onForcedLogout(listener: (reason: SignedOutReason) => void): () => void {
  forcedLogoutListeners.add(listener);
  return () => forcedLogoutListeners.delete(listener);
}

export function getSignedOutReason(): SignedOutReason | null {
  return signedOutReasonStore.get();
}

export function clearSignedOutReason(): void {
  signedOutReasonStore.set(null);
}

/** Re-reads storage: another tab signed in or out (storage event), or a test changed it. */
export function reloadSessionFromStorage(): void {
  userStore.set(readStoredUser());
}

export const subscribeToSession = userStore.subscribe;

export function useCurrentUser(): CurrentUser | null {
  return useStore(userStore);
}

export function useIsSignedIn(): boolean {
  return Boolean(useStore(userStore)?.AccessToken);
}

export function useSignedOutReason(): SignedOutReason | null {
  return useStore(signedOutReasonStore);
}
