/**
 * Remember me through the server's HttpOnly cookie (decision 038; lib/session/session.ts): every
 * remembered token is sent to remembersession, and a load with no session in this tab but a
 * remembered one on this browser asks resumesession for its token before the first render.
 */
import { call } from '../request/call.ts';
import { removeItem } from '../platform/safe-storage.ts';
import {
  REMEMBERED_KEY,
  getCurrentUser,
  hasRememberedSession,
  onRememberedToken,
  saveLoginToken,
} from '../session/session.ts';

/** Sends every remembered token to the cookie; a failure only means a new tab will ask for a sign-in. */
export function keepRememberedTokens(): () => void {
  return onRememberedToken((token) => {
    void call('rememberSession', { AccessToken: token }, { silent: true }).catch(() => undefined);
  });
}

/**
 * The remembered session, for a tab that has none. An ended one is not a forced sign-out (no
 * "signed out" message, no move to /login): the claimant simply starts signed out. Never throws.
 */
export async function resumeRememberedSession(): Promise<void> {
  if (getCurrentUser()?.AccessToken || !hasRememberedSession()) return;
  try {
    const { AccessToken } = await call('resumeSession', {}, { silent: true, withToken: false, keepSession: true });
    saveLoginToken(AccessToken, true);
  } catch {
    removeItem('local', REMEMBERED_KEY);
  }
}
