import { CodeSentResponse, LoginTokenResponse } from '../identity.ts';
import { EmptyRequest, Ok } from '../common.ts';
import {
  AuthenticatorConfirmRequest,
  AuthenticatorConfirmResponse,
  AuthenticatorSetupResponse,
  FactorKindsResponse,
  PasskeyLoginRequest,
  PasskeyLoginResponse,
  PasskeyOptions,
  PasskeyRegisterRequest,
  PasskeyRegisterResponse,
  PasskeyRemoveRequest,
  PasskeyRenameRequest,
  RecoveryCodesResponse,
  SecureTokenRequest,
  SecurityFactorsResponse,
  StepUpOptionsRequest,
  StepUpRequest,
  StepUpResponse,
  VerifyLoginRequest,
} from '../security.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/**
 * Second factors: the claimant's passkeys, authenticator app and recovery codes; the
 * step-up and sign-in verification they answer instead of a 4-digit code; passkey sign-in.
 */
export const SECURITY_ENDPOINTS = {
  getSecurityFactors: post(
    ROUTES.getSecurityFactors,
    EmptyRequest,
    SecurityFactorsResponse,
    "The account's passkeys, whether an authenticator app is set up, and how many recovery codes are left",
  ),
  sendSecurityCode: post(
    ROUTES.sendSecurityCode,
    EmptyRequest,
    CodeSentResponse,
    'Sends a 4-digit code for a factor change (step-up CodeType 3)',
  ),
  stepUpPasskeyOptions: post(
    ROUTES.stepUpPasskeyOptions,
    StepUpOptionsRequest,
    PasskeyOptions,
    "WebAuthn options for a step-up with one of the account's passkeys",
  ),
  stepUp: post(
    ROUTES.stepUp,
    StepUpRequest,
    StepUpResponse,
    'A passkey, authenticator or recovery code (or the CodeType 3 code) instead of a 4-digit code; yields a secure token',
  ),
  passkeyRegistrationOptions: post(
    ROUTES.passkeyRegistrationOptions,
    SecureTokenRequest,
    PasskeyOptions,
    'Spends a Security secure token; WebAuthn options to create a passkey (5 minutes)',
  ),
  registerPasskey: post(
    ROUTES.registerPasskey,
    PasskeyRegisterRequest,
    PasskeyRegisterResponse,
    'Checks the new passkey and keeps it (at most 5); the first factor also makes the recovery codes',
  ),
  renamePasskey: post(ROUTES.renamePasskey, PasskeyRenameRequest, Ok, 'Renames one of the account’s passkeys'),
  removePasskey: post(
    ROUTES.removePasskey,
    PasskeyRemoveRequest,
    Ok,
    'Removes a passkey (needs a Security secure token)',
  ),
  setUpAuthenticator: post(
    ROUTES.setUpAuthenticator,
    SecureTokenRequest,
    AuthenticatorSetupResponse,
    'Spends a Security secure token; a new authenticator secret to confirm within 10 minutes',
  ),
  confirmAuthenticator: post(
    ROUTES.confirmAuthenticator,
    AuthenticatorConfirmRequest,
    AuthenticatorConfirmResponse,
    'One code from the app confirms the authenticator; the first factor also makes the recovery codes',
  ),
  removeAuthenticator: post(
    ROUTES.removeAuthenticator,
    SecureTokenRequest,
    Ok,
    'Removes the authenticator app (needs a Security secure token)',
  ),
  newRecoveryCodes: post(
    ROUTES.newRecoveryCodes,
    SecureTokenRequest,
    RecoveryCodesResponse,
    'Replaces the recovery codes with 10 new ones, shown once (needs a Security secure token)',
  ),
  loginFactors: post(
    ROUTES.loginFactors,
    EmptyRequest,
    FactorKindsResponse,
    'Which second factors can answer this sign-in verification',
  ),
  loginPasskeyOptions: post(
    ROUTES.loginPasskeyOptions,
    EmptyRequest,
    PasskeyOptions,
    "WebAuthn options for the sign-in verification with one of the account's passkeys",
  ),
  verifyLoginWithFactor: post(
    ROUTES.verifyLoginWithFactor,
    VerifyLoginRequest,
    LoginTokenResponse,
    'A passkey, authenticator or recovery code completes the sign-in verification instead of the code',
  ),
  passkeySignInOptions: post(
    ROUTES.passkeySignInOptions,
    EmptyRequest,
    PasskeyOptions,
    'WebAuthn options to sign in with a passkey alone (discoverable credentials)',
  ),
  passkeySignIn: post(ROUTES.passkeySignIn, PasskeyLoginRequest, PasskeyLoginResponse, 'Signs in with a passkey'),
} satisfies AreaTable<'security'>;
