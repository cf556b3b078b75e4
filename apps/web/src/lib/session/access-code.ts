/**
 * State handed between the account screens and the signed-in access-code screens (spec 000 §4
 * "Account sections"):
 *
 * - the code type: "Bank, mobile and e-mail edits first store the code type (Bank, Mobile, Email)
 *   and go to the access-code screen". Whoever sends the claimant to /activationaccountdetails
 *   calls `setAccessCodeType(CodeType.Mobile | CodeType.Email | CodeType.Bank)` first;
 *   /activationbankdetails always protects the bank details.
 * - the secure token: "A secure token (from a verified code) is kept and used for bank detail
 *   changes and secure contact updates. It is cleared after every save, cancel and page leave."
 *   The account screens read it with `getSecureToken(codeType)` and clear it with
 *   `clearSecureToken()`.
 *
 * Both live in sessionStorage (this tab only, gone when it closes) and are dropped when the
 * claimant is signed out.
 */
import { CodeType } from '@portal/contracts';
import { readItem, removeItem, writeItem } from '../platform/safe-storage.ts';
import { subscribeToSession, isSignedIn } from './session.ts';

export type CodeTypeValue = (typeof CodeType)[keyof typeof CodeType];

const ACCESS_CODE_TYPE_KEY = 'accessCodeType';
const SECURE_TOKEN_KEY = 'secureToken';

const CODE_TYPES: readonly number[] = Object.values(CodeType);

function isCodeType(value: unknown): value is CodeTypeValue {
  return typeof value === 'number' && CODE_TYPES.includes(value);
}

export function setAccessCodeType(codeType: CodeTypeValue): void {
  writeItem('session', ACCESS_CODE_TYPE_KEY, String(codeType));
}

/** The stored code type, or undefined when nobody stored one (or it is damaged). */
export function getAccessCodeType(): CodeTypeValue | undefined {
  const raw = readItem('session', ACCESS_CODE_TYPE_KEY);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return isCodeType(value) ? value : undefined;
}

function clearAccessCodeType(): void {
  removeItem('session', ACCESS_CODE_TYPE_KEY);
}

/** What a verified code yields while signed in: a short-lived token for one kind of edit. */
export type SecureGrant = {
  SecureToken: string;
  CodeType: CodeTypeValue;
  /** Epoch milliseconds after which the server no longer accepts it. */
  ExpiresAt: number;
};

export function saveSecureToken(
  grant: { SecureToken: string; CodeType: CodeTypeValue; ExpiresInSeconds: number },
  now = Date.now(),
): void {
  const stored: SecureGrant = {
    SecureToken: grant.SecureToken,
    CodeType: grant.CodeType,
    ExpiresAt: now + grant.ExpiresInSeconds * 1000,
  };
  writeItem('session', SECURE_TOKEN_KEY, JSON.stringify(stored));
}

/** The secure token for that kind of edit, while it is still valid. */
export function getSecureToken(codeType?: CodeTypeValue, now = Date.now()): SecureGrant | undefined {
  const raw = readItem('session', SECURE_TOKEN_KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<SecureGrant> | null;
    if (
      !value ||
      typeof value.SecureToken !== 'string' ||
      !isCodeType(value.CodeType) ||
      typeof value.ExpiresAt !== 'number'
    ) {
      return undefined;
    }
    if (value.ExpiresAt <= now) return undefined;
    if (codeType !== undefined && value.CodeType !== codeType) return undefined;
    return { SecureToken: value.SecureToken, CodeType: value.CodeType, ExpiresAt: value.ExpiresAt };
  } catch {
    return undefined;
  }
}

export function clearSecureToken(): void {
  removeItem('session', SECURE_TOKEN_KEY);
}

// Signing out (in any way) drops both: they belong to the session that produced them.
if (typeof window !== 'undefined') {
  subscribeToSession(() => {
    if (!isSignedIn()) {
      clearSecureToken();
      clearAccessCodeType();
    }
  });
}
