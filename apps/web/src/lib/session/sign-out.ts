/**
 * Signing out (spec 000 §4 "Session", §8): the one function every trigger calls, with why.
 *
 * | reason              | trigger                                        | drafts                | /login says | server        |
 * |---------------------|------------------------------------------------|-----------------------|-------------|---------------|
 * | 'chosen'            | Sign out (toolbar, side menu, time-out dialog) | forgotten             | nothing     | told, awaited |
 * | 'idle'              | this browser's idle countdown ran out          | kept (the event)      | idle        | told, after   |
 * | 'server-idle'       | the server answered its idle number (8)        | kept (the event)      | idle        | not told      |
 * | 'expired'           | any other token-expired number                 | kept (the event)      | expired     | not told      |
 * | 'claims-unreadable' | the claims list could not be read              | left as they are      | nothing     | told, awaited |
 * | 'other-tab'         | another tab signed this remembered session out | left as they are      | nothing     | not told      |
 *
 * Every sign-out clears the session (memory, both storage areas, the remembered flag and the
 * addresses of resumable uploads: lib/session/session.ts clearSession), drops the answers held for the
 * first page (lib/request/early-answers.ts), forgets a kept helper invitation
 * (an invitation kept across a sign-in is not the next person's to take) and then tells the app
 * once (`onSignOut`: app/session-sync.ts drops the session's cached data, forgets the mirrored
 * drafts where the reason says so, and goes to /login). "Kept (the event)": forms hear
 * BEFORE_FORCED_LOGOUT_EVENT first, so a draft is kept for the same account's next sign-in
 * (decision 017). The server is not told when it has ended the session already; told and awaited,
 * the app is told once it has answered (the claimant waits under 'Signing you out…'), and told
 * "after", the app is told at once (an idle screen goes to /login without waiting on the network).
 * A failed call still counts as signed out. Never throws.
 */
import { forgetInvitation } from './helping-invitation.ts';
import { dropEarlyAnswers, requestCall } from '../request/request.ts';
import { clearSession, getAccessToken, recordSignedOutReason, type SignedOutReason } from './session.ts';

export type SignOutReason = 'chosen' | 'idle' | 'server-idle' | 'expired' | 'claims-unreadable' | 'other-tab';

type Rule = {
  /** Forms keep their drafts: BEFORE_FORCED_LOGOUT_EVENT before the session goes. */
  keepsDrafts: boolean;
  /** This browser's mirrored drafts of the account are forgotten (the claimant left on purpose). */
  forgetsDrafts: boolean;
  /** What /login says about it. */
  shown: SignedOutReason | null;
  server: 'awaited' | 'after' | 'not-told';
  loadingMessage?: string;
};

const RULES: Record<SignOutReason, Rule> = {
  chosen: {
    keepsDrafts: false,
    forgetsDrafts: true,
    shown: null,
    server: 'awaited',
    loadingMessage: 'Signing you out…',
  },
  idle: { keepsDrafts: true, forgetsDrafts: false, shown: 'idle', server: 'after' },
  'server-idle': { keepsDrafts: true, forgetsDrafts: false, shown: 'idle', server: 'not-told' },
  expired: { keepsDrafts: true, forgetsDrafts: false, shown: 'expired', server: 'not-told' },
  'claims-unreadable': { keepsDrafts: false, forgetsDrafts: false, shown: null, server: 'awaited' },
  'other-tab': { keepsDrafts: false, forgetsDrafts: false, shown: null, server: 'not-told' },
};

/**
 * Fired on `window` just before a sign-out that keeps drafts (idle time-out, a token-expired
 * number) wipes the session; a form that keeps drafts saves synchronously on it:
 *
 *   window.addEventListener(BEFORE_FORCED_LOGOUT_EVENT, (e) => saveDraftNow(), { once: true })
 *
 * `event.detail.reason` is a SignedOutReason.
 */
export const BEFORE_FORCED_LOGOUT_EVENT = 'portal:before-forced-logout';

/** What the app is told, once per sign-out, after the session is cleared. */
export type SignOutNotice = { reason: SignOutReason; forgetsDrafts: boolean };

const listeners = new Set<(notice: SignOutNotice) => void>();

/** The app's one listener (app/session-sync.ts); answers the unsubscribe. */
export function onSignOut(listener: (notice: SignOutNotice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Revokes the session server-side; a failure is still a sign-out (spec 000 §4). */
async function tellServer(token: string, loadingMessage: string | undefined): Promise<void> {
  try {
    await requestCall(
      'logout',
      { AccessToken: token },
      { silent: true, withToken: false, ...(loadingMessage ? { loadingMessage } : {}) },
    );
  } catch {
    // spec 000 §4: on failure sign out locally and still go to /login.
  } finally {
    // Cleared again after the call (something may have written the user back meanwhile), unless
    // someone has signed in since.
    const now = getAccessToken();
    if (now === undefined || now === token) clearSession();
  }
}

export async function signOut(reason: SignOutReason): Promise<void> {
  const rule = RULES[reason];
  const token = getAccessToken();
  if (token !== undefined) {
    if (rule.keepsDrafts) {
      const detail = { reason: rule.shown };
      window.dispatchEvent(new CustomEvent(BEFORE_FORCED_LOGOUT_EVENT, { detail }));
    }
    if (rule.shown) recordSignedOutReason(rule.shown);
  }
  clearSession();
  forgetInvitation();
  dropEarlyAnswers();
  const told = token !== undefined && rule.server !== 'not-told' ? tellServer(token, rule.loadingMessage) : undefined;
  if (rule.server === 'awaited') await told;
  const notice: SignOutNotice = { reason, forgetsDrafts: rule.forgetsDrafts };
  for (const listener of [...listeners]) listener(notice);
  await told;
}
