/**
 * Operational records: page views, the audit trail and rate-limit windows.
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

export type PageViewTable = {
  id: string;
  path: string;
  title: string;
  account_id: string | null;
  at: number;
};

export type AuditEventTable = {
  id: string;
  account_id: string;
  session_id: string | null;
  kind: string;
  changes: string;
  at: number;
  /** The helper's account, when a helper acted for the account's claimant (decision 041). */
  acting_helper_id: string | null;
};

export type HelperScopeColumn = 'View' | 'Send' | 'Act';
type HelperStateColumn = 'invited' | 'active' | 'ended';
export type HelperBasisColumn = 'guardian' | 'attorney' | 'administrator' | 'other';

/** People who help: one helper of one claim (decision 041). */
export type HelperGrantTable = {
  id: string;
  claimant_account_id: string;
  claim_id: string;
  helper_account_id: string | null;
  helper_name: string;
  invited_contact: string;
  scope: HelperScopeColumn;
  ends_on: string | null;
  state: HelperStateColumn;
  /** Why the claims system appointed this helper (guardian, attorney, ...); null for an invitation. */
  basis: HelperBasisColumn | null;
  /** The claims system's reference for its appointment, unique within the claim (migration 0026); null for an invitation. */
  provider_ref: string | null;
  token_hash: string | null;
  token_expires_at: number | null;
  created_at: number;
  accepted_at: number | null;
  ended_at: number | null;
};

export type RateLimitTable = { key: string; window_start: number; count: number };
