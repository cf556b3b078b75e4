/**
 * Session time-out (foundation issue; WCAG 2.2.1). The server's idle time-out is 20 minutes,
 * sliding on every authenticated call (SESSION.idleTimeoutMs). The client knows the time of the
 * last successful authenticated call (lib/activity.ts); SESSION.idleWarningMs (2 minutes) before
 * the limit it opens "Stay signed in" (keepalive restarts the clock). If the time lapses, the
 * claimant is signed out (forceLogout('idle') — which first fires BEFORE_FORCED_LOGOUT_EVENT so
 * forms keep drafts) and lands on /login with MESSAGES.sessionIdleSignedOut.
 */
import { ENDPOINTS, SESSION } from '@portal/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getLastAuthenticatedActivity, useLastAuthenticatedActivity } from '../../lib/activity.ts';
import { keepAlive } from '../../lib/api/keep-alive.ts';
import { request } from '../../lib/request.ts';
import { forceLogout, getAccessToken, useIsSignedIn } from '../../lib/session.ts';
import { useSignOut } from '../use-sign-out.ts';

const SessionTimeoutDialog = lazy(() => import('./session-timeout-dialog.tsx'));

const TICK_MS = 1000;

/** Signs out after the idle limit: revokes the session server-side too (best effort). */
function lapse(): void {
  const token = getAccessToken();
  forceLogout('idle');
  if (token) {
    request<true>(ENDPOINTS.logout, { AccessToken: token }, { silent: true, withToken: false }).catch(() => undefined);
  }
}

export function SessionTimeout() {
  const signedIn = useIsSignedIn();
  const lastActivity = useLastAuthenticatedActivity();
  const [now, setNow] = useState(getLastAuthenticatedActivity);
  const [staying, setStaying] = useState(false);
  const signOut = useSignOut();

  useEffect(() => {
    if (!signedIn) return;
    const tick = () => {
      const at = Date.now();
      if (at - getLastAuthenticatedActivity() >= SESSION.idleTimeoutMs) lapse();
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

  const remainingMs = lastActivity + SESSION.idleTimeoutMs - now;
  const warn = signedIn && remainingMs <= SESSION.idleWarningMs && remainingMs > 0;
  if (!warn) return null;

  const stay = async () => {
    setStaying(true);
    try {
      await keepAlive();
    } catch {
      // The alert has been shown (or the session had already ended).
    } finally {
      setStaying(false);
    }
  };

  return (
    <Suspense fallback={null}>
      <SessionTimeoutDialog remainingMs={remainingMs} staying={staying} onStay={() => void stay()} onSignOut={() => void signOut()} />
    </Suspense>
  );
}
