import type { Generated } from 'kysely';

/**
 * The provider API: the events outbox to the claims system, its delivery attempts, API keys and idempotency records.
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

/** Submissions queued for the provider's claims system (delivered by the provider-integration issue). */
export type ProviderOutboxTable = {
  id: string;
  claim_id: string;
  kind: string;
  payload: string;
  created_at: number;
  delivered_at: number | null;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: Generated<number | null>;
  last_error: Generated<string | null>;
  dead_at: Generated<number | null>;
  /** The order of events (a sequence on PostgreSQL, max + 1 on SQLite). */
  seq: Generated<number>;
};

export type ProviderDeliveryAttemptTable = {
  id: string;
  outbox_id: string;
  at: number;
  outcome: 'delivered' | 'failed';
  http_status: number | null;
  error: string | null;
  duration_ms: number;
};

export type ProviderApiKeyTable = {
  id: string;
  name: string;
  /** SHA-256 of the secret part (the secret is 256 random bits: no slow hash needed). */
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  created_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
};

export type ProviderIdempotencyTable = {
  key_id: string;
  idempotency_key: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: number;
};
