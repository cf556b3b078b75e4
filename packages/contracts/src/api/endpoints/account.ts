import {
  Account,
  ClaimantDetails,
  KeepAliveResponse,
  LoginRequest,
  LoginResponse,
  ResumeSessionResponse,
} from '../account.ts';
import {
  PreferencesResponse,
  UpdateBankDetailsRequest,
  UpdateClaimantContactDetailsRequest,
  UpdateContactDetailsRequest,
  UpdatePasswordRequest,
  UpdatePreferencesRequest,
} from '../account-updates.ts';
import { ClaimList, SelectClaimRequest } from '../claims.ts';
import { VerifyBsbRequest, VerifyBsbResponse } from '../bank.ts';
import { EmptyRequest, Ok } from '../common.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/**
 * Signing in and out, the claimant's account, its preferences, password, bank and contact details,
 * and the claims.
 */
export const ACCOUNT_ENDPOINTS = {
  login: post(ROUTES.login, LoginRequest, LoginResponse, 'Sign in with username and password'),
  logout: post(
    ROUTES.logout,
    EmptyRequest,
    Ok,
    'Sign out: revokes the session server-side and forgets a remembered one',
  ),
  rememberSession: post(
    ROUTES.rememberSession,
    EmptyRequest,
    Ok,
    'Keeps a RememberMe session in an HttpOnly cookie that script cannot read (decision 038); other sessions are not kept',
  ),
  resumeSession: post(
    ROUTES.resumeSession,
    EmptyRequest,
    ResumeSessionResponse,
    "The remembered session's token, read from its cookie (the only call that reads it); token-expired numbers when it is gone",
  ),
  keepAlive: post(ROUTES.keepAlive, EmptyRequest, KeepAliveResponse, 'Extends the idle time-out ("Stay signed in")'),
  getAccount: post(ROUTES.getAccount, EmptyRequest, Account, "The signed-in claimant's account"),
  verifyBankDetails: post(
    ROUTES.verifyBankDetails,
    EmptyRequest,
    Ok,
    'Marks the bank details as checked by the claimant',
  ),
  updatePreferences: post(
    ROUTES.updatePreferences,
    UpdatePreferencesRequest,
    PreferencesResponse,
    'Saves the SMS and e-mail preferences (both off forces e-mail on)',
  ),
  updatePassword: post(
    ROUTES.updatePassword,
    UpdatePasswordRequest,
    Ok,
    'Changes the password; every other session of the account ends',
  ),
  updateBankDetails: post(
    ROUTES.updateBankDetails,
    UpdateBankDetailsRequest,
    Ok,
    'Changes the bank details (needs a Bank secure token)',
  ),
  updateContactDetails: post(
    ROUTES.updateContactDetails,
    UpdateContactDetailsRequest,
    Ok,
    'Changes contact details (an e-mail or mobile change needs its secure token)',
  ),
  getClaimantDetails: post(
    ROUTES.getClaimantDetails,
    EmptyRequest,
    ClaimantDetails,
    "The selected claim's claimant's name, date of birth, landline and addresses: for a helper with Act (decision 041)",
  ),
  updateClaimantContactDetails: post(
    ROUTES.updateClaimantContactDetails,
    UpdateClaimantContactDetailsRequest,
    Ok,
    "Changes the selected claim's claimant's landline and addresses (a helper with Act; never the e-mail or mobile)",
  ),
  verifyBsb: post(
    ROUTES.verifyBsb,
    VerifyBsbRequest,
    VerifyBsbResponse,
    'The bank of a BSB, from the AusPayNet directory (empty when it cannot be paid into)',
  ),
  getClaims: post(ROUTES.getClaims, EmptyRequest, ClaimList, "The claimant's claims"),
  selectClaim: post(ROUTES.selectClaim, SelectClaimRequest, Ok, 'Selects a claim for this session'),
  deselectClaim: post(ROUTES.deselectClaim, EmptyRequest.or(SelectClaimRequest), Ok, 'Clears the selected claim'),
} satisfies AreaTable<'account'>;
