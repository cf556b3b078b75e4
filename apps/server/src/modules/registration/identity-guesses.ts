/**
 * What a stranger's guesses at a claimant's identity can cost that claimant (decision 038). The
 * identity checks (registration, forgotten username and password, the survey's check) compare
 * details that are not secret, so failures are bounded twice:
 * - per claim number and source (an IPv4 address or an IPv6 /64, lib/client-key.ts): that source
 *   is locked for the claim, from 5 minutes doubling to an hour, and nobody else is;
 * - per claim number and Melbourne calendar day, from every source: at the ceiling the claim's
 *   checks close until midnight, for everyone, the screen says to call, and the claimant is told
 *   on the contacts the claims system holds, once.
 * A claim number that does not exist is counted and answered the same way, so neither lock says
 * whether it does; only the notice depends on it, and the guesser never sees the notice.
 */
import { ErrorNumber, catalogueMessage, fillMessage } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { clientKey } from '../../lib/client-key.ts';
import { hmac } from '../../lib/crypto.ts';
import { localDateTime } from '../../lib/time.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import type { Policy } from '../../plugins/throttle-store.ts';
import { waitFor } from '../account/throttle.ts';
import { findClaimantByClaimNumber } from '../claim/repository.ts';

const DAY_MS = 24 * 60 * 60_000;

export const IDENTITY_GUESSES = {
  /** Failed checks of one claim number from one source. */
  source: { threshold: 5, baseMs: 5 * 60_000, maxMs: 60 * 60_000 } satisfies Policy,
  /** Failed checks of one claim number from all sources in a Melbourne calendar day. */
  ceilingPerDay: 20,
};

/**
 * The day's counter locks at the ceiling; the lock outlasts the day, and the next day has a key
 * of its own, so the checks open again at midnight.
 */
const CEILING: Policy = { threshold: IDENTITY_GUESSES.ceilingPerDay, baseMs: DAY_MS, maxMs: DAY_MS };

export type GuessKeys = { source: string; day: string };

/** Keyed HMACs: the counters hold no claim numbers (10^7 of them: a plain hash is reversed by trying all). */
export function guessKeys(deps: Deps, claimNumber: string, address: string): GuessKeys {
  const { date } = localDateTime(deps.clock.now());
  return {
    source: `ic:${hmac(deps.hmacKey, `identity-source:${claimNumber}|${clientKey(address)}`)}`,
    day: `icd:${hmac(deps.hmacKey, `identity-claim:${claimNumber}`)}:${date}`,
  };
}

function closedForToday(deps: Deps): AppError {
  return new AppError(
    ErrorNumber.IdentityChecksClosed,
    fillMessage(catalogueMessage(ErrorNumber.IdentityChecksClosed), { phone: deps.config.provider.phone }),
  );
}

function sourceLocked(deps: Deps, waitMs: number): AppError {
  const minutes = String(Math.max(1, Math.ceil(waitMs / 60_000)));
  return new AppError(
    ErrorNumber.RecoveryThrottled,
    fillMessage(catalogueMessage(ErrorNumber.RecoveryThrottled), { minutes, phone: deps.config.provider.phone }),
  );
}

/** Before any comparison: refused while the claim's day is closed, or this source is locked for it. */
export async function refuseWhileLocked(deps: Deps, keys: GuessKeys): Promise<void> {
  if ((await waitFor(deps, [keys.day])) > 0) throw closedForToday(deps);
  const wait = await waitFor(deps, [keys.source]);
  if (wait > 0) throw sourceLocked(deps, wait);
}

/**
 * Counts a failed check against the source and the claim's day. The failure that reaches the
 * ceiling tells the claimant (one count returns exactly the ceiling, however many race) and is
 * itself answered as closed; any other failure gets `notMatched`.
 */
export async function countFailedCheck(
  deps: Deps,
  keys: GuessKeys,
  claimNumber: string,
  notMatched: AppError,
): Promise<never> {
  const now = deps.clock.now();
  await deps.throttle.recordFailure(keys.source, IDENTITY_GUESSES.source, now);
  const today = await deps.throttle.recordFailure(keys.day, CEILING, now);
  if (today === IDENTITY_GUESSES.ceilingPerDay) await tellClaimant(deps, claimNumber, now);
  throw today >= IDENTITY_GUESSES.ceilingPerDay ? closedForToday(deps) : notMatched;
}

/** The notice of a closed day, to the e-mail and mobile the claims system holds; nothing for an unknown claim. */
async function tellClaimant(deps: Deps, claimNumber: string, now: number): Promise<void> {
  const c = await findClaimantByClaimNumber(deps.db, claimNumber);
  if (!c) return;
  const p = deps.config.provider;
  const subject = `Attempts to confirm your identity — ${p.shortName} claimant portal`;
  const email = [
    `Hello ${c.first_name},`,
    '',
    `Today someone tried many times to confirm your identity in the ${p.name} claimant portal, with details that did not match your claim.`,
    'To protect you, registering, recovering a username or password, and the self-assessment are paused for your claim until midnight (Melbourne time).',
    '',
    `If this was you, please call us on ${p.phone} (${p.callHours}) and we will help you.`,
    `If it was not you, please call us too, so we can check your claim is safe.`,
  ].join('\n');
  const sms =
    `${p.shortName} portal: many failed attempts today to confirm your identity; ` +
    `online registration and recovery are paused until midnight. Please call ${p.phone}.`;
  const targets = [
    ...(c.email ? [{ channel: 'email' as const, to: c.email, text: email }] : []),
    ...(c.mobile ? [{ channel: 'sms' as const, to: c.mobile, text: sms }] : []),
  ];
  for (const target of targets)
    await enqueueNotification(deps.db, deps.cipher, now, {
      accountId: c.account_id,
      kind: 'identity-checks-closed',
      channel: target.channel,
      to: target.to,
      subject,
      text: target.text,
    });
  if (targets.length > 0) deps.notifier.wake();
}
