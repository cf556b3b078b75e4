/** Second factors (migration 0020): owned by modules/security/repository.ts. */

export type PasskeyTable = {
  id: string;
  account_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
};

export type AuthenticatorTable = {
  id: string;
  account_id: string;
  secret_enc: string;
  confirmed_at: number | null;
  setup_expires_at: number;
  last_step: number;
  created_at: number;
};

export type RecoveryCodeTable = {
  id: string;
  account_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
};

export type ChallengePurpose = 'register' | 'stepup' | 'verify' | 'signin';

export type WebauthnChallengeTable = {
  id: string;
  challenge: string;
  purpose: ChallengePurpose;
  account_id: string | null;
  session_id: string | null;
  code_type: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};
