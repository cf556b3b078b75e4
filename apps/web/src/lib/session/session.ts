/**
 * The signed-in user (spec 000 §3 "Current user", §4 "Session").
 *
 * - Signed out = no stored user with a login token; signed in = a stored user with one.
 * - Every sign-in saves to sessionStorage (this tab). With RememberMe the token is also kept by
 *   the server in an HttpOnly cookie that script cannot read (decision 038, departing from the
 *   spec's localStorage): `onRememberedToken` listeners send it there (remembersession), and a
 *   new tab or a restarted browser asks for it back (resumesession) before the first render.
 *   localStorage holds only a flag saying a session is remembered, never a token.
 * - A token a browser kept in localStorage before this change is moved to sessionStorage and to
 *   the cookie on the first load, so the claimant stays signed in.
 * - Registration (and the login-verification step) always store in sessionStorage, and those
 *   tokens do not count as signed in: they only open /activate and /verify.
 * - Signing out, for whatever reason, is lib/session/sign-out.ts `signOut`: it alone clears the session
 *   (clearSession, below) and records why for the login page (recordSignedOutReason).
 */
import { createStore, useStore } from '../platform/store.ts';
import { forgetResumableUploads } from '../uploads/resumable-storage.ts';
import { readItem, removeItem, writeItem, type StorageArea } from '../platform/safe-storage.ts';

export const CURRENT_USER_KEY = 'currentUser';
/** localStorage: '1' while this browser has a remembered session (the token is in an HttpOnly cookie). */
export const REMEMBERED_KEY = 'rememberedSession';

export type CurrentUser = {
  /** The login token of a signed-in claimant. */
  AccessToken?: string;
  /** Spec 000 §4: AccountActivated 0 (or an unknown value) stores the token as the registration token. */
  RegistrationToken?: string;
  /** AccountActivated 1: the token that the /verify step exchanges for a login token. */
  VerificationToken?: string;
  /** The sign-in that led to /verify asked to be remembered: the login token is remembered then (decision 038). */
  RememberMe?: boolean;
  IsOneTimePassword: boolean;
};

/** Why the claimant was signed out without asking; the login page explains it. */
export type SignedOutReason = 'idle' | 'expired';

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

/**
 * A fresh load reads this tab's sessionStorage. A user a browser kept in localStorage before
 * decision 038 is moved there (and its token handed to the cookie once a listener is ready).
 */
export function readStoredUser(): CurrentUser | null {
  const legacy = parseUser(readItem('local', CURRENT_USER_KEY));
  if (legacy) {
    removeItem('local', CURRENT_USER_KEY);
    if (legacy.AccessToken) {
      const moved: CurrentUser = { ...legacy, RememberMe: true };
      writeItem('session', CURRENT_USER_KEY, JSON.stringify(moved));
      writeItem('local', REMEMBERED_KEY, '1');
      pendingRemember = legacy.AccessToken;
      return moved;
    }
  }
  return parseUser(readItem('session', CURRENT_USER_KEY));
}

/** A remembered token not yet sent to the cookie (a moved legacy one): the first listener gets it. */
let pendingRemember: string | undefined;
const rememberListeners = new Set<(token: string) => void>();

/** Called with every remembered login token (sign-in, rotation, a moved legacy one), to keep it in the cookie. */
export function onRememberedToken(listener: (token: string) => void): () => void {
  rememberListeners.add(listener);
  if (pendingRemember) {
    const token = pendingRemember;
    pendingRemember = undefined;
    listener(token);
  }
  return () => rememberListeners.delete(listener);
}

function remember(token: string): void {
  writeItem('local', REMEMBERED_KEY, '1');
  if (rememberListeners.size === 0) pendingRemember = token;
  for (const listener of [...rememberListeners]) listener(token);
}

/** True while this browser has a remembered session to resume (the flag; never the token). */
export function hasRememberedSession(): boolean {
  return readItem('local', REMEMBERED_KEY) === '1';
}

const userStore = createStore<CurrentUser | null>(readStoredUser());
const signedOutReasonStore = createStore<SignedOutReason | null>(null);

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

/** A normal sign-in: sessionStorage; with RememberMe the token also goes to the cookie (decision 038). */
export function saveLoginToken(token: string, rememberMe: boolean): void {
  save({ AccessToken: token, IsOneTimePassword: false, ...(rememberMe ? { RememberMe: true } : {}) }, 'session');
  if (rememberMe) remember(token);
  else removeItem('local', REMEMBERED_KEY);
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
 * token replaces the stored one, and a remembered sign-in stays remembered (the cookie gets it).
 */
export function replaceLoginToken(token: string): void {
  const user = userStore.get();
  if (!user?.AccessToken) return;
  save({ ...user, AccessToken: token }, 'session');
  if (user.RememberMe) remember(token);
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

/** Memory, both storage areas, the remembered flag and the addresses of uploads under way. */
export function clearSession(): void {
  forgetResumableUploads();
  removeItem('local', CURRENT_USER_KEY);
  removeItem('local', REMEMBERED_KEY);
  removeItem('session', CURRENT_USER_KEY);
  userStore.set(null);
}

/** Only signOut (lib/session/sign-out.ts) records why; a sign-in or leaving /login forgets it. */
export function recordSignedOutReason(reason: SignedOutReason): void {
  signedOutReasonStore.set(reason);
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

export function useIsSignedIn(): boolean {
  return Boolean(useStore(userStore)?.AccessToken);
}

export function useSignedOutReason(): SignedOutReason | null {
  return useStore(signedOutReasonStore);
}
