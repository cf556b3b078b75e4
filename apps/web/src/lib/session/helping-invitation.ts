/**
 * The invitation link's token (decision 041), kept for this tab only across a reload or a
 * sign-in. It is read from the link's fragment by /helping, never put in an address or a log, and
 * forgotten once the invitation is taken, refused or put aside, and at every sign-out.
 */
import { readItem, removeItem, writeItem } from '../platform/safe-storage.ts';

export const INVITATION_KEY = 'helpingInvitation';

type StoredInvitation = { Invitation: string; ReturnAfterSignIn: boolean };

function readStored(): StoredInvitation | undefined {
  const raw = readItem('session', INVITATION_KEY);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<StoredInvitation> | null;
    if (!v || typeof v.Invitation !== 'string' || v.Invitation === '') return undefined;
    return { Invitation: v.Invitation, ReturnAfterSignIn: v.ReturnAfterSignIn === true };
  } catch {
    return undefined;
  }
}

/**
 * Keeps the invitation's token for this tab only (sessionStorage), so a reload or a sign-in does
 * not lose it; `returnAfterSignIn` sends the next arrival at the claims list back to /helping.
 */
export function keepInvitation(token: string, returnAfterSignIn = false): void {
  writeItem('session', INVITATION_KEY, JSON.stringify({ Invitation: token, ReturnAfterSignIn: returnAfterSignIn }));
}

export function keptInvitation(): string | undefined {
  return readStored()?.Invitation;
}

/** True once after "Sign in to accept": the sign-in's arrival goes back to /helping. */
export function takeReturnToInvitation(): boolean {
  const stored = readStored();
  if (!stored?.ReturnAfterSignIn) return false;
  keepInvitation(stored.Invitation);
  return true;
}

/** After the invitation is taken, refused or put aside, and at every sign-out. */
export function forgetInvitation(): void {
  removeItem('session', INVITATION_KEY);
}
