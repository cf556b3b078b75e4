import type { Generated } from 'kysely';

/**
 * What the claimant fills in and sends: form drafts, uploaded files, sent items, details requests and the survey.
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

export type FormTable = {
  id: string;
  account_id: string;
  claim_id: string;
  form_type: string;
  status: 'draft' | 'submitted';
  /** JSON of the form's draft (e.g. DocumentDraft). */
  data: string;
  saved_unsubmitted: number;
  updated_at: number;
  submitted_at: number | null;
  idempotency_key: string | null;
};

export type FileTable = {
  id: string;
  /** Null for a file the provider attached to an inbox message. */
  account_id: string | null;
  claim_id: string;
  form_type: string;
  form_id: string | null;
  description: string;
  original_name: string;
  size: number;
  mime: string;
  sha256: string;
  storage_key: string;
  created_at: number;
  submitted_at: number | null;
};

/** A resumable upload still arriving (tus): what its creation declared; its offset is its bytes on disk. */
export type ResumableUploadTable = {
  id: string;
  account_id: string;
  claim_id: string;
  upload_length: number;
  filename: string;
  form_type: string;
  form_id: string | null;
  description: string;
  created_at: number;
};

export type SentItemTable = {
  id: string;
  account_id: string;
  claim_id: string;
  form_id: string;
  type_item: string;
  subject_main: string;
  subject_other: string;
  message: string;
  created_at: number;
  status: Generated<'Received' | 'In progress' | 'Completed'>;
  status_note: string | null;
  /** The claimant's own submission of this claim this one answers ("more information needed"; migration 0022). */
  responds_to: Generated<string | null>;
  /** A reimbursement: whom it asks us to pay, in words, apart from its receipts ('' otherwise; migration 0022). */
  pay_to: Generated<string>;
  /** The name the claimant gave the helper who sent it for them; null when they sent it (migration 0027). */
  sent_by_helper: Generated<string | null>;
};

export type DetailsRequestTable = {
  id: string;
  form_id: string;
  account_id: string;
  claimant_id: string;
  status: Generated<'pending' | 'approved' | 'declined'>;
  /** JSON: FirstName, MiddleNames, Surname, DateOfBirth (ISO), Reason, OtherReason. */
  requested: string;
  created_at: number;
  decided_at: number | null;
  decision_note: string | null;
};

export type SurveyQuestionTable = { id: number; sort: number; html: string; answers: string };

export type SurveySessionTable = {
  id: string;
  token_hash: string;
  claimant_id: string;
  claim_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

export type SurveyAssessmentTable = {
  id: string;
  claimant_id: string;
  claim_id: string;
  accepted_terms: number | null;
  answers: string;
  updated_at: number;
  submitted_at: number | null;
};
