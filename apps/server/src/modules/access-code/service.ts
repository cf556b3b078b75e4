/**
 * One-time access codes (spec 000 §4, identity issue). Four digits from a CSPRNG, stored only as
 * an HMAC bound to the code's id, one account, one purpose and one CodeType; single use; 30
 * minutes; the 3rd wrong attempt spends it. Because 4 digits are only ~13 bits, guessing is
 * bounded per account: 5 codes an hour and 10 a day per purpose, and 6 wrong guesses a day in all
 * (docs/decisions/006-access-code-guessing.md has the arithmetic).
 */
import crypto from 'node:crypto';
import { CodeType, ErrorNumber, LIMITS, catalogueMessage, fillMessage, type CodeSentResponse } from '@portal/contracts';
import type { CodePurpose } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hmac, newId, secretsEqual } from '../../lib/crypto.ts';
import { startOfDay } from '../../lib/time.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import type { Channel } from '../../notify/transports.ts';
import * as repo from './repository.ts';

export const CODE_LIMITS = {
  perHour: 5,
  perDay: 10,
  wrongGuessesPerDay: 6,
  lifetimeMs: LIMITS.accessCodeLifetimeMinutes * 60_000,
  maxAttempts: LIMITS.accessCodeMaxWrongAttempts,
} as const;

const DETAIL: Record<number, string> = { [CodeType.Mobile]: 'mobile number', [CodeType.Email]: 'email address', [CodeType.Bank]: 'bank details' };
const CODE_NAME: Record<CodePurpose, string> = { activation: 'activation', verification: 'verification', secure: 'access' };

function message(deps: Deps, number: number, values: Record<string, string> = {}): string {
  return fillMessage(catalogueMessage(number), { phone: deps.config.provider.phone, provider: deps.config.provider.name, ...values });
}

function codeHash(deps: Deps, codeId: string, code: string): string {
  return hmac(deps.hmacKey, `${codeId}:${code}`);
}

/**
 * Where a code goes: editing the mobile proves the e-mail and editing the e-mail proves the
 * mobile (spec 000 §6); otherwise the mobile when SMS is preferred, else the e-mail.
 */
export function chooseChannel(
  c: { email: string | null; mobile: string | null; pref_sms: number },
  purpose: CodePurpose,
  codeType: number,
): { channel: Channel; to: string } | null {
  const email = c.email ? { channel: 'email' as const, to: c.email } : null;
  const sms = c.mobile ? { channel: 'sms' as const, to: c.mobile } : null;
  if (purpose === 'secure' && codeType === CodeType.Mobile) return email;
  if (purpose === 'secure' && codeType === CodeType.Email) return sms;
  if (c.pref_sms === 1 && sms) return sms;
  return email ?? sms;
}

async function assertNotLocked(deps: Deps, accountId: string): Promise<void> {
  const wrong = await repo.countWrongGuessesSince(deps.db, accountId, startOfDay(deps.clock.now()));
  if (wrong >= CODE_LIMITS.wrongGuessesPerDay) throw new AppError(ErrorNumber.CodeEntryLocked, message(deps, ErrorNumber.CodeEntryLocked));
}

export async function sendAccessCode(
  deps: Deps,
  input: { accountId: string; purpose: CodePurpose; codeType: number },
): Promise<CodeSentResponse> {
  const now = deps.clock.now();
  await assertNotLocked(deps, input.accountId);
  const lastHour = await repo.countCodesSince(deps.db, input.accountId, input.purpose, now - 3_600_000);
  const lastDay = await repo.countCodesSince(deps.db, input.accountId, input.purpose, now - 86_400_000);
  if (lastHour >= CODE_LIMITS.perHour || lastDay >= CODE_LIMITS.perDay) {
    throw new AppError(ErrorNumber.CodeRequestLimit, message(deps, ErrorNumber.CodeRequestLimit));
  }
  const person = await repo.findCodeRecipient(deps.db, input.accountId);
  const target = person ? chooseChannel(person, input.purpose, input.codeType) : null;
  if (!target) {
    throw new AppError(ErrorNumber.NoChannelForCode, message(deps, ErrorNumber.NoChannelForCode, { detail: DETAIL[input.codeType] ?? 'details' }));
  }
  const code = crypto.randomInt(0, 10_000).toString().padStart(LIMITS.accessCodeDigits, '0');
  const id = newId();
  const p = deps.config.provider;
  const minutes = LIMITS.accessCodeLifetimeMinutes;
  const text =
    target.channel === 'sms'
      ? `Your ${p.shortName} portal ${CODE_NAME[input.purpose]} code is ${code}. It expires in ${minutes} minutes.`
      : [
          `Hello ${person?.first_name ?? ''},`.trim(),
          '',
          `Your ${CODE_NAME[input.purpose]} code for the ${p.name} claimant portal is ${code}.`,
          `It expires in ${minutes} minutes and can be used once.`,
          '',
          `If you did not ask for this code, please call us on ${p.phone} (${p.callHours}).`,
        ].join('\n');
  await deps.db.transaction().execute(async (trx) => {
    // Re-sending voids the code before it and starts a fresh attempt count (spec 000 §4).
    await repo.voidActiveCodes(trx, input.accountId, input.purpose, input.purpose === 'secure' ? input.codeType : null, now);
    await repo.insertCode(trx, {
      id,
      account_id: input.accountId,
      purpose: input.purpose,
      code_type: input.codeType,
      code_hash: codeHash(deps, id, code),
      channel: target.channel,
      attempts: 0,
      created_at: now,
      expires_at: now + CODE_LIMITS.lifetimeMs,
      used_at: null,
      voided_at: null,
    });
    await enqueueNotification(trx, deps.cipher, now, {
      accountId: input.accountId,
      kind: `access-code:${input.purpose}`,
      channel: target.channel,
      to: target.to,
      subject: `Your ${p.shortName} portal ${CODE_NAME[input.purpose]} code`,
      text,
    });
  });
  deps.notifier.wake();
  return { SMS: target.channel === 'sms', Email: target.channel === 'email' };
}

/** Checks a code; throws 49 (wrong, tries left), 50 (expired or spent) or 109 (locked for the day). */
export async function checkAccessCode(
  deps: Deps,
  input: { accountId: string; purpose: CodePurpose; codeType: number; code: string },
): Promise<void> {
  await assertNotLocked(deps, input.accountId);
  const now = deps.clock.now();
  const active = await repo.findActiveCode(deps.db, input.accountId, input.purpose, input.purpose === 'secure' ? input.codeType : null);
  const expired = () => new AppError(ErrorNumber.CodeExpired, message(deps, ErrorNumber.CodeExpired));
  if (!active || active.expires_at <= now || active.attempts >= CODE_LIMITS.maxAttempts) throw expired();
  if (secretsEqual(active.code_hash, codeHash(deps, active.id, input.code))) {
    if (await repo.markCodeUsed(deps.db, active.id, CODE_LIMITS.maxAttempts, now)) return;
    throw expired();
  }
  const attempts = await repo.recordWrongGuess(deps.db, active.id, CODE_LIMITS.maxAttempts);
  if (attempts === undefined || attempts >= CODE_LIMITS.maxAttempts) throw expired();
  throw new AppError(ErrorNumber.CodeIncorrect, message(deps, ErrorNumber.CodeIncorrect, { type: CODE_NAME[input.purpose] }));
}

export async function voidAccessCodes(deps: Deps, input: { accountId: string; purpose: CodePurpose; codeType: number | null }): Promise<true> {
  await repo.voidActiveCodes(deps.db, input.accountId, input.purpose, input.codeType, deps.clock.now());
  return true;
}
