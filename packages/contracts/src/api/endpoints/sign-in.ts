import { Ok } from '../common.ts';
import {
  CodeSentResponse,
  ExpireCodeRequest,
  GenerateCodeRequest,
  LoginTokenResponse,
  SecureTokenResponse,
  ValidateCodeRequest,
} from '../identity.ts';
import {
  ForgotPasswordResponse,
  RecoveryRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  UsernameSentResponse,
} from '../recovery.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/**
 * Registration, the forgotten username and password, and the access codes of sign-in and of edits.
 */
export const SIGN_IN_ENDPOINTS = {
  register: post(
    ROUTES.register,
    RegisterRequest,
    RegisterResponse,
    'Registers a claimant with a claim on record; answers a registration token',
  ),
  retrieveUsername: post(
    ROUTES.retrieveUsername,
    RecoveryRequest,
    UsernameSentResponse,
    'Sends the username to the e-mail or mobile on record',
  ),
  forgotPassword: post(
    ROUTES.forgotPassword,
    RecoveryRequest,
    ForgotPasswordResponse,
    'Starts a password reset (single-use token, 30 minutes)',
  ),
  resetPassword: post(
    ROUTES.resetPassword,
    ResetPasswordRequest,
    ResetPasswordResponse,
    'Sets a new password; a code to the registered channel completes the sign-in',
  ),
  generateCodeForLogin: post(
    ROUTES.generateCodeForLogin,
    GenerateCodeRequest,
    CodeSentResponse,
    'Sends an activation or sign-in verification code',
  ),
  validateCodeForLogin: post(
    ROUTES.validateCodeForLogin,
    ValidateCodeRequest,
    LoginTokenResponse,
    'Checks the code; completes activation or sign-in',
  ),
  expireCodeForLogin: post(ROUTES.expireCodeForLogin, ExpireCodeRequest, Ok, 'Voids the outstanding login-flow code'),
  generateCodeWhileLoggedIn: post(
    ROUTES.generateCodeWhileLoggedIn,
    GenerateCodeRequest,
    CodeSentResponse,
    'Sends a code before a bank, mobile or e-mail edit',
  ),
  validateCodeWhileLoggedIn: post(
    ROUTES.validateCodeWhileLoggedIn,
    ValidateCodeRequest,
    SecureTokenResponse,
    'Checks the code; yields a secure token for that edit',
  ),
  expireCodeWhileLoggedIn: post(
    ROUTES.expireCodeWhileLoggedIn,
    ExpireCodeRequest,
    Ok,
    'Voids the outstanding code for that edit',
  ),
} satisfies AreaTable<'signIn'>;
