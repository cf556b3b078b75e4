/**
 * The identity checks of registration and recovery, and their throttles (decision 023). Personal
 * details are not secret, so a mismatch of any kind gets the same 56 answer; failed checks are
 * bounded per claim number and address and per claim number and day (identity-guesses.ts,
 * decision 038), and recovery messages and resets per account, on top of the per-address route
 * limit.
 */
import { ErrorNumber, catalogueMessage, fillMessage } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { Policy } from '../../plugins/throttle-store.ts';
import { countFailures, waitFor } from '../account/throttle.ts';
import { countFailedCheck, guessKeys, refuseWhileLocked } from './identity-guesses.ts';
import { findClaimantByClaimNumber } from '../claim/repository.ts';

/**
 * Recovery messages and resets, per account, on top of the per-address route limit and the
 * identity checks' own bounds (identity-guesses.ts): each one sends the claimant something, so a
 * stranger cannot flood them.
 */
const RECOVERY_THROTTLE: { account: Policy } = {
  account: { threshold: 5, baseMs: 15 * 60_000, maxMs: 4 * 60 * 60_000 },
};

function accountKey(accountId: string): string {
  return `ra:${accountId}`;
}

async function refuseWhileThrottled(deps: Deps, key: string): Promise<void> {
  const wait = await waitFor(deps, [key]);
  if (wait <= 0) return;
  const p = deps.config.provider;
  const minutes = String(Math.max(1, Math.ceil(wait / 60_000)));
  throw new AppError(
    ErrorNumber.RecoveryThrottled,
    fillMessage(catalogueMessage(ErrorNumber.RecoveryThrottled), { minutes, phone: p.phone }),
  );
}

/** One recovery message or reset for this account: refused while throttled, else counted. */
export async function spendAccountAttempt(deps: Deps, accountId: string): Promise<void> {
  await refuseWhileThrottled(deps, accountKey(accountId));
  await countFailures(deps, [[accountKey(accountId), RECOVERY_THROTTLE.account]]);
}

/** The one answer to identity details that match no claimant (registration, recovery and the survey alike). */
export function notFound(deps: Deps): AppError {
  const p = deps.config.provider;
  return new AppError(
    ErrorNumber.InformationNotFound,
    fillMessage(catalogueMessage(ErrorNumber.InformationNotFound), { shortName: p.shortName, phone: p.phone }),
  );
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');

/** The claimant whose claim number, date of birth and names these are, from this address; counted when not. */
export async function matchClaimant(
  deps: Deps,
  input: { claimNumber: string; dateOfBirth: string; firstName: string; lastName: string; address: string },
) {
  const keys = guessKeys(deps, input.claimNumber, input.address);
  await refuseWhileLocked(deps, keys);
  const c = await findClaimantByClaimNumber(deps.db, input.claimNumber);
  if (
    !c ||
    c.date_of_birth !== input.dateOfBirth ||
    !same(c.first_name, input.firstName) ||
    !same(c.surname, input.lastName)
  )
    return countFailedCheck(deps, keys, input.claimNumber, notFound(deps));
  return { ...c, guessKeys: keys };
}

export type RecoveryInput = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  mobile: string | undefined;
  email: string | undefined;
  claimNumber: string;
  /** The client's address (request.ip): failed checks are counted per claim number and address. */
  address: string;
};

/** A registered claimant whose e-mail or mobile on record is the one given; the channel it matched. */
export async function matchAccount(deps: Deps, input: RecoveryInput) {
  const c = await matchClaimant(deps, input);
  if (!c.account_id || !c.username) throw notFound(deps);
  const byEmail =
    input.email && c.email && same(input.email, c.email) ? { channel: 'email' as const, to: c.email } : null;
  const bySms =
    input.mobile && c.mobile && input.mobile === c.mobile ? { channel: 'sms' as const, to: c.mobile } : null;
  const target = byEmail ?? bySms;
  if (!target) return countFailedCheck(deps, c.guessKeys, input.claimNumber, notFound(deps));
  await spendAccountAttempt(deps, c.account_id);
  return {
    accountId: c.account_id,
    username: c.username,
    activated: c.activated === 1,
    firstName: c.first_name,
    target,
  };
}
