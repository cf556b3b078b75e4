import type {
  ClaimantTable,
  AccountTable,
  ClaimTable,
  SessionTable,
  LoginThrottleTable,
  AccessCodeTable,
  CodeGuessTable,
  ResetTokenTable,
  SecureTokenTable,
  KnownDeviceTable,
} from './tables/identity.ts';
import type { InboxMessageTable, InboxCountTable, NotificationTable, DevMailboxTable } from './tables/messages.ts';
import type {
  DropdownItemTable,
  MaintenanceMessageTable,
  AddressTable,
  LocalityTable,
  BsbTable,
  BankInstitutionTable,
  ContentDocumentTable,
  ServiceTable,
} from './tables/reference.ts';
import type {
  FormTable,
  FileTable,
  ResumableUploadTable,
  SentItemTable,
  DetailsRequestTable,
  SurveyQuestionTable,
  SurveySessionTable,
  SurveyAssessmentTable,
} from './tables/forms.ts';
import type {
  ProviderOutboxTable,
  ProviderDeliveryAttemptTable,
  ProviderApiKeyTable,
  ProviderIdempotencyTable,
} from './tables/provider.ts';
import type { PageViewTable, AuditEventTable, HelperGrantTable, RateLimitTable } from './tables/operations.ts';
import type { PaymentTable, PaymentSettlesTable, DecisionTable } from './tables/payments.ts';
import type { PasskeyTable, AuthenticatorTable, RecoveryCodeTable, WebauthnChallengeTable } from './tables/security.ts';

export type * from './tables/identity.ts';
export type * from './tables/messages.ts';
export type * from './tables/reference.ts';
export type * from './tables/forms.ts';
export type * from './tables/provider.ts';
export type * from './tables/operations.ts';
export type * from './tables/payments.ts';
export type * from './tables/security.ts';

/**
 * Table types. Both dialects store the same shapes: text ids, booleans as 0/1 integers,
 * instants as epoch milliseconds (bigint in PostgreSQL, parsed back to number), calendar
 * dates as 'yyyy-mm-dd' text. See docs/decisions/004-database.md.
 */
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
  resumable_uploads: ResumableUploadTable;
  audit_events: AuditEventTable;
  helper_grants: HelperGrantTable;
  bsb_directory: BsbTable;
  bank_institutions: BankInstitutionTable;
  addresses: AddressTable;
  localities: LocalityTable;
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
  payments: PaymentTable;
  payment_settles: PaymentSettlesTable;
  decisions: DecisionTable;
  passkeys: PasskeyTable;
  authenticators: AuthenticatorTable;
  recovery_codes: RecoveryCodeTable;
  webauthn_challenges: WebauthnChallengeTable;
};
