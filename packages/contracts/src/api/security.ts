/**
 * Second factors beside the 4-digit codes (decision 029): passkeys (WebAuthn), an
 * authenticator app (TOTP, RFC 6238) and single-use recovery codes. Any of them answers, IN PLACE
 * of a 4-digit code, the sign-in verification (a browser not seen for 90 days, and the password
 * reset's code step) and every step-up of a secure edit (bank, mobile, e-mail) — and the new
 * step-up kind Security, which every add or remove of a factor needs.
 */
import { z } from 'zod';
import { AccountActivated } from '../constants.ts';
import { accessCode } from '../fields.ts';
import { requestBody } from './common.ts';
import { CodeTypeValue } from './identity.ts';

export const SECURITY_LIMITS = {
  /** Passkeys one account may hold. */
  maxPasskeys: 5,
  /** Recovery codes made at a time, each good once. */
  recoveryCodes: 10,
  /** Authenticator codes: digits, period (seconds), steps accepted either side of now. */
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpWindow: 1,
  /** A passkey ceremony's challenge, and an authenticator set-up not yet confirmed, live this long. */
  challengeLifetimeMinutes: 5,
  setupLifetimeMinutes: 10,
  passkeyNameMaxLength: 60,
} as const;

/**
 * The step-up kind of a factor change (add or remove a passkey or the authenticator, new recovery
 * codes). It is a secure token's CodeType like Mobile, Email and Bank, but only /api/security/*
 * calls send or accept it, so CodeType (spec 000 §3) keeps its three values.
 */
export const SECURITY_CODE_TYPE = 3 as const;
export const StepUpCodeType = z.union([CodeTypeValue, z.literal(SECURITY_CODE_TYPE)]);
export type StepUpCodeType = z.infer<typeof StepUpCodeType>;

/** base64url, as WebAuthn's JSON carries binary (ids, challenges, signatures, CBOR). */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/**
 * What @simplewebauthn/browser's startRegistration answers (RegistrationResponseJSON). The inner
 * objects are loose: browsers add members (they are ignored); the server checks every member it
 * uses, cryptographically.
 */
export const PasskeyRegistrationResponse = z.strictObject({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponse>;

/** What @simplewebauthn/browser's startAuthentication answers (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z.strictObject({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponse>;

/**
 * WebAuthn options as @simplewebauthn/server makes them, to hand as they are to the browser
 * package's startRegistration({ optionsJSON }) or startAuthentication({ optionsJSON }).
 */
export const PasskeyOptions = z.object({ Options: z.looseObject({ challenge: z.string() }) });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** Six digits from the authenticator app. */
export const authenticatorCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^[0-9]{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A recovery code as typed: spaces, dashes and case do not matter (XXXXX-XXXXX). */
export const recoveryCode = z
  .string({ error: 'Enter a recovery code' })
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, 'Enter a recovery code as it was shown, like ABCDE-12345'));

/** A second factor answering a verification or a step-up instead of a 4-digit code. */
export const FactorProof = z.discriminatedUnion('Method', [
  z.strictObject({ Method: z.literal('Passkey'), Response: PasskeyAuthenticationResponse }),
  z.strictObject({ Method: z.literal('Authenticator'), Code: authenticatorCode }),
  z.strictObject({ Method: z.literal('RecoveryCode'), Code: recoveryCode }),
]);
export type FactorProof = z.input<typeof FactorProof>;

/**
 * A step-up also takes the 4-digit code: for CodeType 3 the one sendsecuritycode sent, for 0–2 the
 * one generatesecuritycodewhileloggedin sent (validatesecuritycodewhileloggedin stays the usual way).
 */
export const StepUpProof = z.discriminatedUnion('Method', [
  ...FactorProof.options,
  z.strictObject({ Method: z.literal('Code'), SecurityCode: accessCode }),
]);
export type StepUpProof = z.input<typeof StepUpProof>;

export const PasskeySummary = z.object({
  Id: z.string(),
  Name: z.string(),
  /** Epoch milliseconds; the web app shows them in Melbourne time. */
  CreatedAt: z.number().int(),
  LastUsedAt: z.number().int().nullable(),
});
export type PasskeySummary = z.infer<typeof PasskeySummary>;

/** My Details → Sign-in and security: which factors the account has (never their secrets). */
export const SecurityFactorsResponse = z.object({
  Passkeys: z.array(PasskeySummary),
  MaxPasskeys: z.number().int(),
  Authenticator: z.object({ SetUp: z.boolean(), CreatedAt: z.number().int().nullable() }),
  RecoveryCodesLeft: z.number().int(),
});
export type SecurityFactorsResponse = z.infer<typeof SecurityFactorsResponse>;

/** Which factors a pending (verification) session may use: offered first when any is set up. */
export const FactorKindsResponse = z.object({
  Passkey: z.boolean(),
  Authenticator: z.boolean(),
  RecoveryCode: z.boolean(),
});
export type FactorKindsResponse = z.infer<typeof FactorKindsResponse>;

const secureToken = z.string().min(1).max(256);
const passkeyId = z.string().min(1).max(64);
const passkeyName = z
  .string({ error: 'Enter a name for this passkey' })
  .trim()
  .min(1, 'Enter a name for this passkey')
  .max(SECURITY_LIMITS.passkeyNameMaxLength, `Use at most ${SECURITY_LIMITS.passkeyNameMaxLength} characters`);

/** Shown ONCE, when made: the server keeps only their hashes. */
export const RecoveryCodesResponse = z.object({ RecoveryCodes: z.array(z.string()) });

/** A factor change spends a Security secure token (stepup with CodeType 3). */
export const SecureTokenRequest = requestBody({ SecureToken: secureToken });

export const PasskeyRegisterRequest = requestBody({ Name: passkeyName, Response: PasskeyRegistrationResponse });
/** RecoveryCodes: the first factor of an account also makes the recovery codes, shown once; else null. */
export const PasskeyRegisterResponse = z.object({
  Passkey: PasskeySummary,
  RecoveryCodes: z.array(z.string()).nullable(),
});

export const PasskeyRenameRequest = requestBody({ Id: passkeyId, Name: passkeyName });
export const PasskeyRemoveRequest = requestBody({ Id: passkeyId, SecureToken: secureToken });

export const AuthenticatorSetupResponse = z.object({
  /** Base32, for typing into the app by hand (and for screen-reader and keyboard users). */
  Secret: z.string(),
  /** otpauth://totp/… for the QR code the browser draws. */
  Uri: z.string(),
  ExpiresInSeconds: z.number().int(),
});
export const AuthenticatorConfirmRequest = requestBody({ Code: authenticatorCode });
export const AuthenticatorConfirmResponse = z.object({ RecoveryCodes: z.array(z.string()).nullable() });

export const StepUpOptionsRequest = requestBody({ CodeType: StepUpCodeType });
export const StepUpRequest = requestBody({ CodeType: StepUpCodeType, Proof: StepUpProof });
/** As validatesecuritycodewhileloggedin answers: the session token rotates at a step-up. */
export const StepUpResponse = z.object({
  AccessToken: z.string(),
  SecureToken: z.string(),
  CodeType: StepUpCodeType,
  ExpiresInSeconds: z.number().int(),
});
export type StepUpResponse = z.infer<typeof StepUpResponse>;

export const VerifyLoginRequest = requestBody({ Proof: FactorProof });

export const PasskeyLoginRequest = requestBody({
  Response: PasskeyAuthenticationResponse,
  RememberMe: z.boolean().default(false),
});
/**
 * As login answers: Activated (2) — a passkey with user verification is the sign-in and the
 * browser's verification at once — or VerificationRequired (1) when the claims system asks every
 * sign-in of this claimant to verify (VerifySignIn); never NotActivated (such an account has no passkey).
 */
export const PasskeyLoginResponse = z.object({
  AccessToken: z.string(),
  AccountActivated: z.union([z.literal(AccountActivated.VerificationRequired), z.literal(AccountActivated.Activated)]),
});
