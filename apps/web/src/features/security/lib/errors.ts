/** What a failed factor says to the claimant: the server's message, or the browser's prompt closed. */
import { isRequestError } from '../../../lib/request/request-error.ts';
import { PasskeyCancelled, PasskeyUnsupported } from '../api/passkey-ceremony.ts';

/** The day's wrong guesses are spent: every method is refused until midnight (Melbourne). */
export const CODE_ENTRY_LOCKED = 109;
/** The secure token was spent, expired or of another kind: the step-up must be done again. */
export const SECURE_TOKEN_REQUIRED = 114;

export type FactorError = { text: string; number: number | undefined; silent: boolean };

export function factorError(error: unknown): FactorError {
  if (error instanceof PasskeyCancelled) {
    return { text: 'The passkey was not used. Try again, or choose another way.', number: undefined, silent: false };
  }
  if (error instanceof PasskeyUnsupported) {
    return { text: 'This browser cannot use passkeys. Choose another way.', number: undefined, silent: false };
  }
  if (isRequestError(error)) {
    const text = error.entries.map((e) => (e.detail ? `${e.message} ${e.detail}` : e.message)).join(' ');
    return { text, number: error.kind === 'server' ? error.number : undefined, silent: error.forcedLogout };
  }
  return { text: 'Your request could not be completed. Please try again.', number: undefined, silent: false };
}
