/**
 * Session time-out (foundation issue; WCAG 2.2.1). The server's idle time-out is 20 minutes,
 * sliding on every authenticated call (SESSION.idleTimeoutMs). The client knows the time of the
 * last successful authenticated call (lib/session/activity.ts); SESSION.idleWarningMs (2 minutes) before
 * the limit it opens "Stay signed in" (keepalive restarts the clock). If the time lapses, the
 * claimant is signed out (signOut('idle'), which tells the server too) and lands on /login with
 * MESSAGES.sessionIdleSignedOut. What was typed in a form is already kept: every form writes each
 * change at once to this device's draft mirror (lib/forms/draft-mirror.ts), which a forced logout keeps
 * for the same account's next sign-in (only signing out on purpose forgets it).
 *
 * The server records activity at most every SESSION.activityRecordedEveryMs, so its idle clock may
 * have started that long before the last answer here: the countdown ends that much earlier
 * (IDLE_LIMIT_MS), so the server never signs the claimant out before the dialog has.
 *
 * The watch is part of the shell itself, so it runs from the first signed-in render whatever has
 * been downloaded; the warning and its actions (session-timeout-prompt.tsx) load when it opens.
 */
import { SESSION } from '@portal/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getLastAuthenticatedActivity, useLastAuthenticatedActivity } from '../../lib/session/activity.ts';
import { useIsSignedIn } from '../../lib/session/session.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { useSignedInShell } from './lazy-signed-in.ts';

const SessionTimeoutPrompt = lazy(() => import('./session-timeout-prompt.tsx'));

const TICK_MS = 1000;

/** The idle limit as this browser counts it: never later than the server's (see above). */
const IDLE_LIMIT_MS = SESSION.idleTimeoutMs - SESSION.activityRecordedEveryMs;

export function SessionTimeout() {
  const signedIn = useIsSignedIn();
  const signedInShell = useSignedInShell();
  const lastActivity = useLastAuthenticatedActivity();
  const [now, setNow] = useState(getLastAuthenticatedActivity);

  useEffect(() => {
    if (!signedIn) return;
    const tick = () => {
      const at = Date.now();
      if (at - getLastAuthenticatedActivity() >= IDLE_LIMIT_MS) void signOut('idle');
      else setNow(at);
    };
    const timer = window.setInterval(tick, TICK_MS);
    // Background tabs throttle timers: check again as soon as the tab is visible.
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [signedIn]);

  const remainingMs = lastActivity + IDLE_LIMIT_MS - now;
  const warn = signedIn && remainingMs <= SESSION.idleWarningMs && remainingMs > 0;
  // The warning's actions use the query client (sign out drops the session's cached data).
  if (!warn || !signedInShell) return null;

  return (
    <Suspense fallback={null}>
      <SessionTimeoutPrompt remainingMs={remainingMs} />
    </Suspense>
  );
}
