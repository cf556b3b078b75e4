/**
 * Sign out (spec 000 §4): the user is cleared locally before the call and again after it; a
 * failed call still counts as signed out (the caller goes to /login either way). Never throws.
 */
import { call } from '../call.ts';
import { forgetInvitation } from '../helping-invitation.ts';
import { clearSession, getAccessToken } from '../session.ts';

export async function logout(options: { loadingMessage?: string } = {}): Promise<void> {
  const token = getAccessToken();
  clearSession();
  // An invitation kept across a sign-in is not the next person's to take.
  forgetInvitation();
  try {
    if (token) {
      await call('logout', { AccessToken: token }, { silent: true, ...options });
    }
  } catch {
    // spec 000 §4: on failure force a local logout and still go to /login.
  } finally {
    clearSession();
  }
}
