import type { Generated } from 'kysely';

/**
 * Table types. Both dialects store the same shapes: text ids, booleans as 0/1 integers,
 * instants as epoch milliseconds (bigint in PostgreSQL, parsed back to number), calendar
 * dates as 'yyyy-mm-dd' text. See docs/decisions/004-database.md.
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
};

export type LoginThrottleTable = {
  key: string;
  failures: number;
  locked_until: number;
  updated_at: number;
};

export type InboxMessageTable = {
  id: string;
  claim_id: string;
  subject: string;
  body: string;
  sent_at: number;
  received_at: number;
  read_at: number | null;
};

/** Kept by triggers on inbox_messages (migration 0017): never written by the application. */
export type InboxCountTable = {
  claim_id: string;
  total: number;
  unread: number;
};

export type DropdownItemTable = {
  list_type: string;
  id: number;
  element_number: number;
  item: string;
};

export type MaintenanceMessageTable = {
  id: string;
  message: string;
  starts_at: number;
  ends_at: number | null;
};

export type PageViewTable = {
  id: string;
  path: string;
  title: string;
  account_id: string | null;
  at: number;
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

export type NotificationTable = {
  id: string;
  account_id: string | null;
  kind: string;
  channel: 'email' | 'sms';
  recipient_enc: string;
  subject: string;
  body_enc: string | null;
  created_at: number;
  next_attempt_at: number;
  locked_until: number | null;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
  dead_at: number | null;
  /** After this instant the message is worthless (an access code's expiry); null: never. */
  expires_at: number | null;
};

export type DevMailboxTable = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  at: number;
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

export type AddressTable = {
  id: string;
  label: string;
  locality: string;
  state: string;
  postcode: string;
  search: string;
};

export type BsbTable = {
  bsb: string;
  mnemonic: string;
  branch: string;
  address: string;
  suburb: string;
  state: string;
  postcode: string;
  /** Payment streams: P paper, E electronic, H high value. */
  streams: string;
};

export type BankInstitutionTable = {
  prefix: string;
  mnemonic: string;
  name: string;
};

export type AuditEventTable = {
  id: string;
  account_id: string;
  session_id: string | null;
  kind: string;
  changes: string;
  at: number;
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

export type ContentDocumentTable = { name: string; html: string; updated_at: number };
export type ServiceTable = {
  id: number;
  name: string;
  excess_applies: number;
  icon: string;
  html: string;
  sort: number;
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

export type RateLimitTable = { key: string; window_start: number; count: number };

export type Database = {
  rate_limits: RateLimitTable;
  forms: FormTable;
  details_requests: DetailsRequestTable;
  sent_items: SentItemTable;
  content_documents: ContentDocumentTable;
  services: ServiceTable;
  survey_questions: SurveyQuestionTable;
  survey_sessions: SurveySessionTable;
  survey_assessments: SurveyAssessmentTable;
  provider_outbox: ProviderOutboxTable;
  provider_delivery_attempts: ProviderDeliveryAttemptTable;
  provider_api_keys: ProviderApiKeyTable;
  provider_idempotency: ProviderIdempotencyTable;
  files: FileTable;
  audit_events: AuditEventTable;
  bsb_directory: BsbTable;
  bank_institutions: BankInstitutionTable;
  addresses: AddressTable;
  access_codes: AccessCodeTable;
  code_guesses: CodeGuessTable;
  notifications: NotificationTable;
  dev_mailbox: DevMailboxTable;
  reset_tokens: ResetTokenTable;
  secure_tokens: SecureTokenTable;
  known_devices: KnownDeviceTable;
  claimants: ClaimantTable;
  accounts: AccountTable;
  claims: ClaimTable;
  sessions: SessionTable;
  login_throttle: LoginThrottleTable;
  inbox_messages: InboxMessageTable;
  inbox_counts: InboxCountTable;
  dropdown_items: DropdownItemTable;
  maintenance_messages: MaintenanceMessageTable;
  page_views: PageViewTable;
};
