/**
 * The texts the web app shows on every page — the request layer's alerts (spec 000 §8), the
 * session's sign-out reasons, the leave-site and unsaved-changes confirmations — and fillMessage.
 * MESSAGES includes them; they have a module of their own so that the first download of /login
 * carries only these, not every form's messages (the /login budget, bench/bundle-check.ts).
 */
export const CLIENT_MESSAGES = {
  requestTimedOut: 'Sorry, request timed out. Please try again.',
  unprocessableRequest: 'Unprocessable Request',
  requestNotCompleted: 'Your request could not be completed.',
  // The connection failed (offline, dropped): said as what happened and what to do (decision 027).
  connectionLost:
    'We could not reach the service, so nothing was sent. Check your internet connection and try again: what you typed is still here.',
  leaveSite: 'You are about to leave the website of the {provider}. Do you wish to continue?',
  unsavedChanges: 'You are about to lose your recent changes',
  sessionIdleSignedOut:
    'You were signed out because there was no activity for 20 minutes. ' +
    'What you had typed in a form is kept on this device, apart from passwords, codes and bank account numbers.',
  sessionExpiredSignedOut: 'Your session has ended. Please sign in again.',
} as const;

/** Fill {phone}, {provider} and other {placeholders}. */
export function fillMessage(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
