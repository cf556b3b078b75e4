/**
 * The people and their sign-in: claimants, accounts, claims, sessions, access codes,
 * and the tokens and throttles around them.
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

export type ClaimantTable = {
  id: string;
  title_id: number;
  first_name: string;
  middle_names: string;
  surname: string;
  date_of_birth: string;
  email: string | null;
  mobile: string | null;
  phone_area: string | null;
  phone_number: string | null;
  home_address: string | null;
  postal_address: string | null;
  addresses_same: number;
  pref_sms: number;
  pref_email: number;
  bank_name: string | null;
  bank_account_name: string | null;
  bank_bsb: string | null;
  /** AES-256-GCM ciphertext of the account number (lib/crypto.ts). */
  bank_account_number_enc: string | null;
  bank_account_last4: string | null;
  bank_verified: number;
  mobile_edit_disabled: number;
  email_edit_disabled: number;
  created_at: number;
  /** The claims system's reference for this person (set through the provider API). */
  provider_ref?: string | null;
  /** The claims system asks for a code at every sign-in of this person. */
  verify_sign_in?: number;
};

export type AccountTable = {
  id: string;
  claimant_id: string;
  username: string;
  password_hash: string;
  activated: number;
  one_time_password: number;
  registered_at: number;
  /** JSON of what the registrant typed (contacts, addresses): held until activation, then sent to the claims system. */
  registration_details?: string | null;
};

export type ClaimTable = {
  id: string;
  claimant_id: string;
  number: string;
  accident_date: string;
  location: string | null;
  is_state_trustee: number;
  bank_edit_allowed: number;
};

export type SessionKind = 'login' | 'registration' | 'verification';

export type SessionTable = {
  id: string;
  token_hash: string;
  account_id: string;
  kind: SessionKind;
  remember_me: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  selected_claim_id: string | null;
  revoked_at: number | null;
  /** The passkey that signed this session in, if one did. */
  passkey_id?: string | null;
};

export type LoginThrottleTable = {
  key: string;
  failures: number;
  locked_until: number;
  updated_at: number;
};

export type CodePurpose = 'activation' | 'verification' | 'secure';

export type AccessCodeTable = {
  id: string;
  account_id: string;
  purpose: CodePurpose;
  code_type: number;
  /** HMAC-SHA256 of the code id and the code, keyed by a server secret. */
  code_hash: string;
  channel: 'email' | 'sms';
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  voided_at: number | null;
  /** The outbox row carrying the code, withdrawn while unsent once the code is dead. */
  notification_id: string | null;
};

/** Wrong access-code guesses of one account on one Melbourne calendar day (decision 006). */
export type CodeGuessTable = {
  account_id: string;
  /** 'yyyy-mm-dd' in Melbourne. */
  day: string;
  wrong: number;
};

export type ResetTokenTable = {
  id: string;
  account_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The new password's hash, held until the session below enters a code from an on-record channel. */
  pending_password_hash?: string | null;
  session_id?: string | null;
};

export type SecureTokenTable = {
  id: string;
  session_id: string;
  token_hash: string;
  code_type: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

export type KnownDeviceTable = {
  account_id: string;
  device_id: string;
  verified_at: number;
};
