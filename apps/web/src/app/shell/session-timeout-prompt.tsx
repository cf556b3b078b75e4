/**
 * "Stay signed in" with its actions — keepalive, or sign out — loaded when the idle warning opens
 * (session-timeout.tsx); the dialog itself is session-timeout-dialog.tsx.
 */
import { useState } from 'react';
import { keepAlive } from '../../lib/api/keep-alive.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import SessionTimeoutDialog from './session-timeout-dialog.tsx';

export default function SessionTimeoutPrompt({ remainingMs }: { remainingMs: number }) {
  const [staying, setStaying] = useState(false);

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
    <SessionTimeoutDialog
      remainingMs={remainingMs}
      staying={staying}
      onStay={() => void stay()}
      onSignOut={() => void signOut('chosen')}
    />
  );
}
