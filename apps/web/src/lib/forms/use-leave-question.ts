/**
 * Leaving a page with unsaved work asks first (spec 001 §4 "Unsaved changes"): leave this page, or
 * stay on it. Never once signed out: a forced logout's move to /login must not stop at the question
 * (what is kept is kept by the forced logout's own event).
 */
import { MESSAGES } from '@portal/contracts';
import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { requestConfirm } from '../feedback/confirm.ts';
import { isSignedIn } from '../session/session.ts';

export type BlockedLeave = Extract<Blocker, { state: 'blocked' }>;

/**
 * `shouldAsk` is read as the claimant leaves (it may read refs). `onLeave` runs once they choose to
 * leave, and lets the move go on (`proceed`, or `reset` and a move of its own); give a stable one
 * (useCallback): the question is asked again when it changes while asking.
 */
export function useLeaveQuestion(shouldAsk: () => boolean, onLeave: (blocker: BlockedLeave) => void) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      shouldAsk() && isSignedIn() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void requestConfirm({
      title: 'Unsaved changes',
      message: MESSAGES.unsavedChanges,
      confirmLabel: 'Leave this page',
      cancelLabel: 'Stay on this page',
    }).then((proceed) => {
      if (!live) return;
      if (!proceed) {
        blocker.reset();
        return;
      }
      onLeave(blocker);
    });
    return () => {
      live = false;
    };
  }, [blocker, onLeave]);
}
