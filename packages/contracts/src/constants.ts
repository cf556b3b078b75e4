/** Business constants and limits: spec 000 §9 and spec 001 §9. */
export const APP_VERSION = '1.5.30';

export const LIMITS = {
  failedLoginsBeforeForgotPassword: 5,
  accessCodeDigits: 4,
  accessCodeLifetimeMinutes: 30,
  accessCodeMaxWrongAttempts: 3,
  bankChangeLockHours: 48,
  contactChangeDays: 2,
  uploadMaxBytes: 10_485_760,
  /** What one account may upload in any 24 hours (decision 020): far above any claim's paperwork, finite for storage. */
  uploadFilesPerDay: 200,
  uploadBytesPerDay: 524_288_000,
  passwordMin: 8,
  passwordMax: 16,
  passwordClassesRequired: 3,
  nameMax: 60,
  otherReasonMax: 250,
  accountNameMax: 100,
  bsbDigits: 6,
  accountNumberMin: 6,
  accountNumberMax: 9,
  mobileDigits: 10,
  areaCodeDigits: 2,
  phoneDigits: 8,
  internationalCode: '61',
  datePickerMinYear: 1900,
  datePickerMaxYear: 2100,
  emailMax: 254,
  emailLocalMax: 64,
  backToTopPx: 20,
  mobileBreakpointPx: 680,
  wideLayoutBreakpointPx: 1000,
  loadingMessageRepeatMs: 1000,
  serviceWorkerRegisterAfterMs: 30_000,
  serviceWorkerUpdateEveryMs: 60 * 60 * 1000,
  requestTimeoutMs: 120_000,
  confirmSuppressedMs: 50,
  descriptionTruncate: 100,
  contactMessageMax: 950,
  customCategoryMax: 25,
  documentMessageMax: 1000,
  notesMax: 1000,
  /** Spec 001 §9: provider 150 (pharmacy, other), 100 (home services); duration and amount 50. */
  providerMax: 150,
  homeProviderMax: 100,
  amountMax: 50,
  pageSize: 10,
  previewCut: 67,
  previewCutFrom: 70,
  toastMs: 3000,
  draftDebounceMs: 1000,
  minimumRegistrantAge: 16,
} as const;

/** Session lifetimes (foundation issue): sliding idle time-out and absolute lifetime. */
export const SESSION = {
  idleTimeoutMs: 20 * 60 * 1000,
  /** The "Stay signed in" dialog opens this long before the idle limit (WCAG 2.2.1). */
  idleWarningMs: 2 * 60 * 1000,
  /**
   * The server records a session's activity at most this often (a write per call would cost a
   * database write per request), so its idle clock can start up to this long before the last
   * call. The browser ends its own countdown this much earlier, never after the server's.
   */
  activityRecordedEveryMs: 10_000,
  absoluteLifetimeMs: 12 * 60 * 60 * 1000,
  rememberMeLifetimeMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** Spec 000 §3: DeviceType. This client always sends Web. */
export const DeviceType = { Web: 0, iOS: 1, Android: 2, WindowsPhone: 3 } as const;

/** Spec 000 §3: CodeType of an access code. */
export const CodeType = { Mobile: 0, Email: 1, Bank: 2 } as const;

/** Spec 000 §4: login outcome. */
export const AccountActivated = { NotActivated: 0, VerificationRequired: 1, Activated: 2 } as const;

/** Provider identity: configuration, these are the defaults (foundation issue). */
export type ProviderIdentity = {
  name: string;
  shortName: string;
  phone: string;
  callHours: string;
  freeCallPhone: string;
  privacyEmail: string;
  website: string;
};
export const DEFAULT_PROVIDER: ProviderIdentity = {
  name: 'Transport Accident Commission',
  shortName: 'TAC',
  phone: '1300 654 329',
  callHours: '8:30am to 5:30pm Melbourne time, Monday to Friday',
  freeCallPhone: '1800 332 556',
  privacyEmail: 'privacy@example.com',
  website: 'https://www.example.com',
};

/** Digits of a phone number for a tel: link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** The provider's time zone: every date and time a claimant reads, and every day boundary, is Melbourne's. */
export const PROVIDER_TIME_ZONE = 'Australia/Melbourne';
