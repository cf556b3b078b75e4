/**
 * The error-number catalogue (spec 000 §8, foundation issue). Every error the server
 * returns is one of these numbers inside an HTTP 225 list; docs/api.md documents them.
 */
export const ErrorNumber = {
  // Client-side catalogue (spec 000 §8): the request layer raises these itself.
  EndpointNotAvailable: 1,
  UnprocessableRequest: 2,
  ScriptError: 3,
  SyntaxError: 4,
  // Token-expired family: the client forces a logout and goes to /login.
  SessionIdleExpired: 8,
  SessionUnknown: 18,
  SessionRevoked: 21,
  SessionLifetimeExpired: 22,
  TokenMissing: 24,
  TokenWrongKind: 28,
  // Access codes (identity issue).
  CodeIncorrect: 49,
  CodeExpired: 50,
  InformationNotFound: 56,
  InvalidCurrentPassword: 80,
  NoChannelForCode: 86,
  // Portal's own numbers.
  Validation: 100,
  LoginFailed: 101,
  LoginThrottled: 102,
  CsrfMismatch: 103,
  BodyTooLarge: 104,
  RateLimited: 105,
  NoClaimSelected: 106,
  MalformedBody: 107,
  CodeRequestLimit: 108,
  CodeEntryLocked: 109,
  UsernameTaken: 110,
  AlreadyRegistered: 111,
  // Registration and recovery: contacts on record, throttles per claim and per account.
  NoContactOnRecord: 130,
  RecoveryThrottled: 131,
  IdentityChecksClosed: 132,
  BankEditStateTrustee: 112,
  BankEditLocked: 113,
  SecureTokenRequired: 114,
  EditDisabled: 115,
  DocumentTooLarge: 116,
  DocumentTypeNotAccepted: 117,
  DocumentAlreadySent: 118,
  FormAlreadySubmitted: 119,
  SignatureNotAccepted: 120,
  UploadQuotaReached: 121,
  // Second factors: passkeys, the authenticator app, recovery codes.
  PasskeyLimit: 140,
  FactorNotAccepted: 141,
  AuthenticatorCodeIncorrect: 142,
  RecoveryCodeIncorrect: 143,
  FactorNotSetUp: 144,
  AuthenticatorAlreadySetUp: 145,
  // People who help (decision 041).
  /** A helper asked for a call beyond their scope, or one no helper may make. */
  NotForHelpers: 160,
  /** The claim already has its most helpers, active and invited. */
  HelperLimit: 161,
  /** Too many invitations in 24 hours, from this claimant or to this contact. */
  InvitationLimit: 162,
  /** An Act helper without a passkey or an authenticator app on their own account: every call for the claim waits for one. */
  ActNeedsSecondFactor: 163,
  // The request itself: it stopped arriving (answered with HTTP 408, not 225).
  RequestTimedOut: 150,
  /** A service the portal depends on (its database, Redis) cannot be reached: nothing was done; the answer carries Retry-After. */
  ServiceBusy: 198,
  Internal: 199,
  /** Numbers above 450 mean "information not found" (spec 001 §8). */
  NotFound: 451,
} as const;
export type ErrorNumber = (typeof ErrorNumber)[keyof typeof ErrorNumber];

export const TOKEN_EXPIRED_NUMBERS: readonly number[] = [8, 18, 21, 22, 24, 28];

export function isTokenExpiredNumber(n: number): boolean {
  return TOKEN_EXPIRED_NUMBERS.includes(n);
}

/** Spec 001 §8: 56 or any number above 450 means the information could not be found. */
export function isNotFoundNumber(n: number): boolean {
  return n === ErrorNumber.InformationNotFound || n > 450;
}

// The catalogue's meanings and messages are in error-catalogue.ts, so that code which only needs
// the numbers (the web app's request layer, on every page) does not carry them.
