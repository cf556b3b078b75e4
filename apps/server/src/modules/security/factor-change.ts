/**
 * What every change of a second factor shares (decision 029): its audit row and the notice to the
 * claimant in the change's transaction, the Security secure token it needs, and the recovery codes
 * that stand in for a factor while the account has one.
 */
import crypto from 'node:crypto';
import { ErrorNumber, SECURITY_CODE_TYPE, SECURITY_LIMITS, type PasskeySummary } from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hmac } from '../../lib/crypto.ts';
import { consumeSecureToken } from '../access-code/sign-in.ts';
import { queueSecurityNotice, type SecurityChange } from '../account/security-notice.ts';
import { recordAudit, type Change } from '../audit/repository.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function summary(p: {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}): PasskeySummary {
  return {
    Id: p.id,
    Name: p.name,
    CreatedAt: Number(p.created_at),
    LastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
  };
}

export function recoveryHash(deps: Deps, accountId: string, code: string, key = deps.hmacKey): string {
  return hmac(key, `recovery:${accountId}:${code}`);
}

/** Ten codes of 10 characters from a 32-letter alphabet (50 bits each), shown as ABCDE-FGHJK. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: SECURITY_LIMITS.recoveryCodes }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Has the account a passkey or a confirmed authenticator (the factors recovery codes stand in for)? */
export async function hasFactor(db: Deps['db'] | Transaction<Database>, accountId: string): Promise<boolean> {
  const authenticator = await repo.findAuthenticator(db, accountId);
  return (await repo.countPasskeys(db, accountId)) > 0 || (authenticator?.confirmed_at ?? null) !== null;
}

/** Makes the account's 10 recovery codes (replacing any), in the caller's transaction: the codes, to show once. */
export async function makeRecoveryCodes(deps: Deps, trx: Transaction<Database>, accountId: string, now: number) {
  const codes = newRecoveryCodes();
  const hashes = codes.map((c) => recoveryHash(deps, accountId, c.replace('-', '')));
  await repo.replaceRecoveryCodes(trx, accountId, hashes, now);
  return codes;
}

/** Audits a factor change and tells the claimant, in the change's transaction. */
export async function recordFactorChange(
  deps: Deps,
  trx: Transaction<Database>,
  input: {
    accountId: string;
    sessionId: string | null;
    kind: string;
    changes: Record<string, Change>;
    notice: SecurityChange;
    now: number;
  },
): Promise<void> {
  await recordAudit(trx, {
    accountId: input.accountId,
    sessionId: input.sessionId,
    kind: input.kind,
    changes: input.changes,
    at: input.now,
  });
  await queueSecurityNotice(deps, trx, input.now, { accountId: input.accountId, change: input.notice });
}

/** A factor change needs this session's Security secure token (a step-up of CodeType 3), spent once. */
export async function requireSecurityToken(deps: Deps, auth: AuthContext, token: string): Promise<void> {
  if (!(await consumeSecureToken(deps, auth, token, SECURITY_CODE_TYPE)))
    throw new AppError(ErrorNumber.SecureTokenRequired);
}

/** With the last factor gone, its recovery codes go too: they stand in for a factor. */
export async function dropRecoveryCodesWhenNoFactor(trx: Transaction<Database>, accountId: string, now: number) {
  if (!(await hasFactor(trx, accountId))) await repo.replaceRecoveryCodes(trx, accountId, [], now);
}
