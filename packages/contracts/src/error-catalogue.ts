/**
 * The error-number catalogue's meanings and messages (spec 000 §8, foundation issue); errors.ts
 * re-exports it beside the numbers. docs/api.md's table of them is generated from this list
 * (npm run docs:api).
 */
import type { ErrorNumber } from './errors.ts';

type CatalogueText = { meaning: string; message: string };
export type CatalogueEntry = { number: ErrorNumber } & CatalogueText;

/** Keyed by number: every ErrorNumber has its entry, or this does not compile. */
export const CATALOGUE: { readonly [N in ErrorNumber]: CatalogueText } = {
  1: { meaning: 'Endpoint not available (client)', message: 'Your request could not be completed.' },
  2: { meaning: 'Unprocessable request (client)', message: 'Your request could not be completed.' },
  3: { meaning: 'Script error (client)', message: 'Your request could not be completed.' },
  4: { meaning: 'Syntax error (client)', message: 'Your request could not be completed.' },
  8: {
    meaning: 'Session idle for longer than the idle time-out (20 minutes)',
    message: 'Your session has timed out. Please sign in again.',
  },
  18: {
    meaning: 'Access token unknown to the server',
    message: 'Your session is no longer valid. Please sign in again.',
  },
  21: {
    meaning: 'Session revoked (signed out, replaced at a new sign-in, or already expired)',
    message: 'You have been signed out. Please sign in again.',
  },
  22: {
    meaning: 'Session older than its absolute lifetime (12 hours; 30 days with RememberMe)',
    message: 'Your session has expired. Please sign in again.',
  },
  24: { meaning: 'No access token sent to a call that needs one', message: 'Please sign in to continue.' },
  28: {
    meaning: 'Token of the wrong kind for this call (e.g. a registration token)',
    message: 'Please sign in to continue.',
  },
  49: { meaning: 'Access code incorrect', message: 'The {type} code is incorrect. Please try again' },
  50: { meaning: 'Access code expired', message: 'code has expired. Please request a new code' },
  56: {
    meaning: 'Information not found (registration and recovery: never says which detail)',
    message: 'Your information could not be found. Please try again or contact the {shortName} on {phone}',
  },
  80: { meaning: 'Current password invalid', message: 'Invalid password. Try again' },
  86: {
    meaning: 'No channel to send an access code to',
    message:
      'Please update your contact details to receive a verification code prior to {detail} or call the {provider} on {phone}.',
  },
  100: { meaning: 'A request field failed validation (Field names it)', message: 'The field message from the rule' },
  101: {
    meaning: 'Sign-in failed (unknown username or wrong password: never says which)',
    // Not the spec's 'Provide valid login details': says what happened and what to do (decision 027).
    message: 'The email address or password is not right. Check them and try again.',
  },
  102: {
    meaning:
      'Sign-in temporarily throttled for this username or address (or, at a password change, the current-password check for this account)',
    message: 'Too many sign-in attempts. Please wait a moment and try again.',
  },
  103: {
    meaning: 'Missing or mismatched X-XSRF-TOKEN header',
    message: 'Your request could not be verified. Please reload the page and try again.',
  },
  104: { meaning: 'Request body larger than allowed (1 MB)', message: 'Your request is too large.' },
  105: {
    meaning: 'Too many requests from this address (or, for the payment statement, from this account)',
    message: 'Too many requests. Please wait a moment and try again.',
  },
  106: { meaning: 'A claim-scoped call with no claim selected', message: 'Please select a claim first.' },
  107: { meaning: 'Body is not valid JSON (or carries __proto__)', message: 'Your request could not be read.' },
  108: {
    meaning: 'Too many access codes requested (5 an hour, 10 a day, per purpose)',
    // Says when more can be asked for, not only "later" (decision 027).
    message: 'You have asked for too many codes. You can ask for another after {when}, or call us on {phone}.',
  },
  109: {
    meaning: 'Too many wrong access codes today (6): code entry locked until tomorrow',
    message: 'You have entered too many incorrect codes today. Please try again tomorrow or call us on {phone}.',
  },
  110: {
    meaning: 'Registration: the username is already in use',
    message: 'That username is already in use. Please choose another email address as your username.',
  },
  111: {
    meaning: 'Registration: this claim already has an account',
    message: 'You are already registered. Please sign in, or use Forgot username or Forgot password.',
  },
  112: {
    meaning: 'Bank details: the claim is managed by the State Trustees',
    message: "bank account details can't be edited on your claim because it is managed by the State Trustees",
  },
  113: {
    meaning: 'Bank details: within 48 hours of registration',
    message:
      "For security reasons, you can't make changes to your bank account in the first 48 hours after you register. Please try again in 48 hours.",
  },
  114: {
    meaning:
      'A bank, mobile or e-mail change without a valid secure token (missing, expired, used, another kind or another session)',
    message: 'Please confirm this change with a verification code first.',
  },
  115: {
    meaning: 'Mobile or e-mail edits disabled by the provider for this claimant',
    message:
      'Unfortunately we are not able to update your {detail} at this time. Please contact the provider to update your details on {phone}.',
  },
  116: { meaning: 'Upload over 10 MB (10 485 760 bytes)', message: 'Document must be below 10MB' },
  117: {
    meaning: 'Upload of a type not allowed, or whose content does not match its extension',
    message: 'Document type is not accepted',
  },
  118: {
    meaning: 'A document already sent with a form cannot be removed',
    message: 'This document has been sent and cannot be removed. Please contact us if it needs to change.',
  },
  119: {
    meaning: 'The form was already sent (a late draft save or a second submit with another key)',
    message: 'This form has already been sent.',
  },
  120: {
    meaning:
      'Drawn signature refused unread: not a PNG, larger than the signature pad allows, or its data does not match its header',
    message: 'Your signature could not be read. Please clear it and sign again.',
  },
  121: {
    meaning: 'Upload refused: the account has uploaded 200 files or 500 MB in the last 24 hours',
    message:
      'You have sent as many documents as we can take in one day. Please try again tomorrow, or call us on {phone}.',
  },
  130: {
    meaning:
      'Registration cannot finish online: the claims system holds no e-mail address or mobile number to send the activation code to (nothing is changed)',
    message:
      'We have no email address or mobile number to send your verification code to. ' +
      'Please call us on {phone} ({callHours}) to finish registering.',
  },
  131: {
    meaning:
      'Identity checks throttled for this claim number from this address (an IPv6 /64), or recovery messages for this account (too many attempts)',
    message:
      'There have been too many attempts for this claim. Please wait {minutes} minutes and try again, or call us on {phone}.',
  },
  132: {
    meaning:
      'Identity checks closed for this claim number until midnight (Melbourne): ' +
      "the day's failed checks from all addresses reached 20; the claimant is told on the contacts on record",
    message:
      'There have been too many attempts for this claim today, so we cannot check these details online until tomorrow. ' +
      'Please call us on {phone} and we will help you.',
  },
  160: {
    meaning:
      "A helper's call beyond the scope the claimant gave, or a call no helper may make (bank details, password, contacts, second factors, helpers)",
    message: 'You cannot do this while helping. Please ask the person you help, or call us on {phone}.',
  },
  161: {
    meaning: 'The claim already has 5 helpers, active or invited',
    message: 'This claim already has 5 people who help. Remove someone before inviting another person.',
  },
  162: {
    meaning:
      'Invitations in the last 24 hours reached 10 from this claimant, or 3 to this e-mail address or mobile ' +
      '(from anyone): nothing was sent',
    message:
      'We cannot send another invitation now: too many have been sent today. Please try again tomorrow, or call us on {phone}.',
  },
  163: {
    meaning:
      'A helper the claims system appointed with Act has no passkey or authenticator app on their own account: ' +
      "every call they make for that claim is refused until they add one ({name}: the claimant's first name)",
    message: 'Add a passkey or an authenticator app in Sign-in and security before you act for {name}.',
  },
  140: {
    meaning: 'Passkey refused: the account already has 5 passkeys',
    message: 'You already have 5 passkeys. Please remove one before adding another.',
  },
  141: {
    meaning:
      'Passkey not accepted: its challenge was unknown, used or expired, or the origin, relying party, ' +
      'user verification, signature or counter did not check out (nothing is changed)',
    message: 'We could not check that passkey. Please try again, or use another way to confirm it is you.',
  },
  142: {
    meaning: "Authenticator code wrong, or already used (spends one of the day's 6 wrong guesses)",
    message: 'The code from your authenticator app is incorrect. Please wait for a new code and try again.',
  },
  143: {
    meaning: "Recovery code wrong or already used (spends one of the day's 6 wrong guesses)",
    message: 'That recovery code is incorrect or has already been used. Please check it and try again.',
  },
  144: {
    meaning: 'That second factor is not set up on this account, or its set-up expired before it was confirmed',
    message: 'That way of confirming it is you is not set up. Please choose another.',
  },
  145: {
    meaning: 'Authenticator set-up refused: one is already set up (remove it first)',
    message: 'An authenticator app is already set up. Please remove it before setting up another.',
  },
  150: {
    meaning:
      'The request stopped arriving: nothing came for REQUEST_TIMEOUT_MS, or it was not whole within ' +
      'REQUEST_TOTAL_TIMEOUT_MS (HTTP 408, connection closed)',
    message: 'Sorry, request timed out. Please try again.',
  },
  198: {
    meaning:
      'A service the portal depends on (its database, or Redis for the sign-in counters) cannot be reached: nothing was done; ' +
      'try again after the Retry-After header (seconds). /readyz says which',
    message: 'The service is busy at the moment. Please try again in a few seconds.',
  },
  199: {
    meaning: 'Unexpected fault on the server (logged with a request id)',
    message: 'Something went wrong on our side. Please try again.',
  },
  451: {
    meaning: 'Not found, or not yours (the same answer for both)',
    message: 'The requested information could not be found.',
  },
};

/** The catalogue as a list in number order (documentation, tests). */
export const CATALOGUE_ENTRIES: readonly CatalogueEntry[] = Object.entries(CATALOGUE)
  .map(([n, text]) => ({ number: Number(n) as ErrorNumber, ...text }))
  .sort((a, b) => a.number - b.number);

export function catalogueMessage(n: number): string {
  return (
    (CATALOGUE as Readonly<Record<number, CatalogueText | undefined>>)[n]?.message ??
    'Your request could not be completed.'
  );
}
