/**
 * One-time access codes (spec 000 §4, identity issue). Four digits from a CSPRNG, stored only as
 * an HMAC bound to the code's id, one account, one purpose and one CodeType; single use; 30
 * minutes; the 3rd wrong attempt spends it. Because 4 digits are only ~13 bits, guessing is
 * bounded per account: 5 codes an hour and 10 a day per purpose, and 6 wrong guesses a Melbourne
 * day in all, spent atomically before a guess is compared (docs/decisions/006-access-code-guessing.md
 * has the arithmetic). The message carrying a code is withdrawn, if it has not gone out, once the
 * code is replaced, used, spent or expired, so an old code never arrives late.
 */
import crypto from 'node:crypto';
import {
  providerTimeWords,
  CodeType,
  ErrorNumber,
  LIMITS,
  SECURITY_CODE_TYPE,
  catalogueMessage,
  fillMessage,
  type CodeSentResponse,
} from '@portal/contracts';
import type { CodePurpose } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hmac, newId, secretsEqual } from '../../lib/crypto.ts';
import { localDateTime } from '../../lib/time.ts';
import { cancelNotifications, enqueueNotification } from '../../notify/outbox.ts';
import type { Channel } from '../../notify/transports.ts';
import * as repo from './repository.ts';

export const CODE_LIMITS = {
  perHour: 5,
  perDay: 10,
  wrongGuessesPerDay: 6,
  lifetimeMs: LIMITS.accessCodeLifetimeMinutes * 60_000,
  maxAttempts: LIMITS.accessCodeMaxWrongAttempts,
} as const;

const EDITED: Record<number, string> = {
  [CodeType.Mobile]: 'updating your mobile number',
  [CodeType.Email]: 'updating your email address',
  [CodeType.Bank]: 'updating your bank details',
  [SECURITY_CODE_TYPE]: 'changing how you sign in',
};

/** What the code was for, as error 86 says it: 'prior to {detail}'. */
function purposeDetail(purpose: CodePurpose, codeType: number): string {
  if (purpose === 'activation') return 'activating your account';
  if (purpose === 'verification') return 'signing in';
  return EDITED[codeType] ?? 'updating your details';
}

/** One name for the one 4-digit code, whatever it is for (docs/decisions/027). */
const CODE_NAME: Record<CodePurpose, string> = {
  activation: 'verification',
  verification: 'verification',
  secure: 'verification',
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When another code may be asked for, or null if one may be now: each limit holds until enough of
 * the codes it counts have aged out of its window (`times`: the last day's codes, oldest first).
 */
function nextCodeAllowedAt(times: readonly number[], now: number): number | null {
  const limits = [
    { window: HOUR_MS, max: CODE_LIMITS.perHour },
    { window: DAY_MS, max: CODE_LIMITS.perDay },
  ];
  let at: number | null = null;
  for (const { window, max } of limits) {
    const counted = times.filter((t) => t >= now - window);
    if (counted.length < max) continue;
    // The claimant may ask again once the oldest codes that keep the count at the limit are out.
    const frees = (counted[counted.length - max] as number) + window;
    at = Math.max(at ?? frees, frees);
  }
  return at;
}

function message(deps: Deps, number: number, values: Record<string, string> = {}): string {
  return fillMessage(catalogueMessage(number), {
    phone: deps.config.provider.phone,
    provider: deps.config.provider.name,
    ...values,
  });
}

function codeHash(deps: Deps, codeId: string, code: string): string {
  return hmac(deps.hmacKey, `${codeId}:${code}`);
}

/**
 * Where a code goes: editing the mobile proves the e-mail and editing the e-mail proves the
 * mobile (spec 000 §6); otherwise the mobile when SMS is preferred, else the e-mail.
 */
function chooseChannel(
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

/** The day a guess counts against: the Melbourne calendar date it is made on. */
function guessDay(now: number): string {
  return localDateTime(now).date;
}

function lockedError(deps: Deps): AppError {
  return new AppError(ErrorNumber.CodeEntryLocked, message(deps, ErrorNumber.CodeEntryLocked));
}

/** A friendly early answer only: the bound itself is kept by spendGuess. */
async function assertNotLocked(deps: Deps, accountId: string, now: number): Promise<void> {
  const wrong = await repo.findWrongGuesses(deps.db, accountId, guessDay(now));
  if (wrong >= CODE_LIMITS.wrongGuessesPerDay) throw lockedError(deps);
}

export async function sendAccessCode(
  deps: Deps,
  input: { accountId: string; purpose: CodePurpose; codeType: number },
): Promise<CodeSentResponse> {
  const now = deps.clock.now();
  await assertNotLocked(deps, input.accountId, now);
  const person = await repo.findCodeRecipient(deps.db, input.accountId);
  const target = person ? chooseChannel(person, input.purpose, input.codeType) : null;
  if (!target) {
    throw new AppError(
      ErrorNumber.NoChannelForCode,
      message(deps, ErrorNumber.NoChannelForCode, { detail: purposeDetail(input.purpose, input.codeType) }),
    );
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
  const expiresAt = now + CODE_LIMITS.lifetimeMs;
  await deps.db.transaction().execute(async (trx) => {
    // Counted and inserted under the account's lock, so parallel requests cannot all see room
    // under the cap and all send.
    await repo.lockAccount(trx, deps.dialect, input.accountId);
    const lastDay = await repo.codeTimesSince(trx, input.accountId, input.purpose, now - DAY_MS);
    const nextAt = nextCodeAllowedAt(lastDay, now);
    if (nextAt !== null) {
      const when = providerTimeWords(new Date(nextAt), new Date(now));
      throw new AppError(ErrorNumber.CodeRequestLimit, message(deps, ErrorNumber.CodeRequestLimit, { when }));
    }
    // Re-sending voids the code before it and starts a fresh attempt count (spec 000 §4); its
    // message, if still waiting, must not arrive after the new one.
    await cancelNotifications(
      trx,
      await repo.voidActiveCodes(
        trx,
        input.accountId,
        input.purpose,
        input.purpose === 'secure' ? input.codeType : null,
        now,
      ),
    );
    const notificationId = await enqueueNotification(trx, deps.cipher, now, {
      accountId: input.accountId,
      kind: `access-code:${input.purpose}`,
      channel: target.channel,
      to: target.to,
      subject: `Your ${p.shortName} portal ${CODE_NAME[input.purpose]} code`,
      text,
      expiresAt,
    });
    await repo.insertCode(trx, {
      id,
      account_id: input.accountId,
      purpose: input.purpose,
      code_type: input.codeType,
      code_hash: codeHash(deps, id, code),
      channel: target.channel,
      attempts: 0,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      voided_at: null,
      notification_id: notificationId,
    });
  });
  deps.notifier.wake();
  return { SMS: target.channel === 'sms', Email: target.channel === 'email' };
}

/**
 * Checks a code; throws 49 (wrong, tries left), 50 (expired or spent) or 109 (locked for the day).
 * A guess at a live code first spends one of the day's wrong guesses (a guess at a dead code is
 * never compared, so it spends nothing); a guess that matches gives it back. So at most 6 wrong
 * guesses are ever compared on one Melbourne day, however many arrive in parallel, and a
 * claimant with guesses left who types the right code gets in (decision 006).
 */
export async function checkAccessCode(
  deps: Deps,
  input: { accountId: string; purpose: CodePurpose; codeType: number; code: string },
): Promise<void> {
  const now = deps.clock.now();
  await assertNotLocked(deps, input.accountId, now);
  const active = await repo.findActiveCode(
    deps.db,
    input.accountId,
    input.purpose,
    input.purpose === 'secure' ? input.codeType : null,
  );
  const codeExpired = () => new AppError(ErrorNumber.CodeExpired, message(deps, ErrorNumber.CodeExpired));
  if (!active) throw codeExpired();
  const withdrawMessage = () => cancelNotifications(deps.db, [active.notification_id]);
  if (active.expires_at <= now || active.attempts >= CODE_LIMITS.maxAttempts) {
    await withdrawMessage();
    throw codeExpired();
  }
  const day = guessDay(now);
  const spent = await repo.spendGuess(deps.db, input.accountId, day, CODE_LIMITS.wrongGuessesPerDay);
  if (spent === undefined) throw lockedError(deps);
  if (secretsEqual(active.code_hash, codeHash(deps, active.id, input.code))) {
    await repo.refundGuess(deps.db, input.accountId, day);
    const used = await repo.markCodeUsed(deps.db, active.id, CODE_LIMITS.maxAttempts, now);
    await withdrawMessage();
    if (used) return;
    throw codeExpired();
  }
  const attempts = await repo.recordWrongGuess(deps.db, active.id, CODE_LIMITS.maxAttempts);
  const codeSpent = attempts === undefined || attempts >= CODE_LIMITS.maxAttempts;
  if (codeSpent) await withdrawMessage();
  // The guess that spent the day's last wrong guess says so at once.
  if (spent >= CODE_LIMITS.wrongGuessesPerDay) throw lockedError(deps);
  if (codeSpent) throw codeExpired();
  throw new AppError(
    ErrorNumber.CodeIncorrect,
    message(deps, ErrorNumber.CodeIncorrect, { type: CODE_NAME[input.purpose] }),
  );
}

/**
 * A guess of another kind — an authenticator or recovery code — spends the same daily
 * budget of wrong guesses as the 4-digit codes, the same way: spent before `check` runs, given back
 * when it answers true. Throws 109 when the day's budget is spent (also by this guess).
 */
export async function guessWithinBudget(
  deps: Deps,
  accountId: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const now = deps.clock.now();
  await assertNotLocked(deps, accountId, now);
  const day = guessDay(now);
  const spent = await repo.spendGuess(deps.db, accountId, day, CODE_LIMITS.wrongGuessesPerDay);
  if (spent === undefined) throw lockedError(deps);
  if (await check()) {
    await repo.refundGuess(deps.db, accountId, day);
    return true;
  }
  if (spent >= CODE_LIMITS.wrongGuessesPerDay) throw lockedError(deps);
  return false;
}

export async function voidAccessCodes(
  deps: Deps,
  input: { accountId: string; purpose: CodePurpose; codeType: number | null },
): Promise<true> {
  await deps.db.transaction().execute(async (trx) => {
    await cancelNotifications(
      trx,
      await repo.voidActiveCodes(trx, input.accountId, input.purpose, input.codeType, deps.clock.now()),
    );
  });
  return true;
}
