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
};

export type RateLimitTable = { key: string; window_start: number; count: number };
