/**
 * Registration and recovery (spec 001; identity issue). A registrant must match a claim on
 * record (claim number, date of birth, first and last name) and be 16 or older; a mismatch of
 * any kind gets the same 56 answer, so the answer never says which detail was wrong.
 *
 * Personal details are not secret (a claim letter, a relative), so nothing here trusts them
 * alone (decision 023): codes go only to the contacts the claims system holds, what a registrant
 * types is held until activation and sent to the claims system as a request, a reset changes the
 * password only once a code from an on-record channel is entered, and every check is throttled
 * per claim number and per account as well as per address.
 */
import type { Transaction } from 'kysely';
import { ErrorNumber, LIMITS, catalogueMessage, fillMessage, isoToday } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, hmac, newId, newToken } from '../../lib/crypto.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { countFailures, waitFor } from '../account/throttle.ts';
import type { Policy } from '../../plugins/throttle-store.ts';
import { queueSecurityNotice } from '../account/security-notice.ts';
import { queueForProvider } from '../provider/outbox.ts';
import { insertAccount, setPasswordHash } from '../account/repository.ts';
import { forgetKnownDevices } from '../device/repository.ts';
import { revokeAccountSessions } from '../session/repository.ts';
import { startSession, tokenHash } from '../session/service.ts';
import * as repo from './repository.ts';

export const RESET_TOKEN_LIFETIME_MS = 30 * 60_000;

/**
 * On top of the per-address route limit: identity checks that fail, per claim number (keyed
 * HMAC, so the counters hold no claim numbers); and recovery messages and resets, per account
 * (each one sends the claimant something, so a stranger cannot flood them).
 */
export const RECOVERY_THROTTLE: { claim: Policy; account: Policy } = {
  claim: { threshold: 5, baseMs: 5 * 60_000, maxMs: 60 * 60_000 },
  account: { threshold: 5, baseMs: 15 * 60_000, maxMs: 4 * 60 * 60_000 },
};

function claimKey(deps: Deps, claimNumber: string): string {
  return `rc:${hmac(deps.hmacKey, `recovery-claim:${claimNumber}`)}`;
}

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
async function spendAccountAttempt(deps: Deps, accountId: string): Promise<void> {
  await refuseWhileThrottled(deps, accountKey(accountId));
  await countFailures(deps, [[accountKey(accountId), RECOVERY_THROTTLE.account]]);
}

function notFound(deps: Deps): AppError {
  const p = deps.config.provider;
  return new AppError(
    ErrorNumber.InformationNotFound,
    fillMessage(catalogueMessage(ErrorNumber.InformationNotFound), { shortName: p.shortName, phone: p.phone }),
  );
}

const usernameTaken = () => new AppError(ErrorNumber.UsernameTaken, undefined, 'Username');

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');

/** 16th birthday on or before today (Melbourne calendar). */
export function isAtLeast16(dateOfBirth: string, today: string): boolean {
  const [y, m, d] = dateOfBirth.split('-');
  return `${Number(y) + LIMITS.minimumRegistrantAge}-${m}-${d}` <= today;
}

async function matchClaimant(
  deps: Deps,
  input: { claimNumber: string; dateOfBirth: string; firstName: string; lastName: string },
) {
  const key = claimKey(deps, input.claimNumber);
  await refuseWhileThrottled(deps, key);
  const c = await repo.findClaimantByClaimNumber(deps.db, input.claimNumber);
  if (
    !c ||
    c.date_of_birth !== input.dateOfBirth ||
    !same(c.first_name, input.firstName) ||
    !same(c.surname, input.lastName)
  ) {
    await countFailures(deps, [[key, RECOVERY_THROTTLE.claim]]);
    throw notFound(deps);
  }
  return { ...c, throttleKey: key };
}

/** What a registrant typed: held on the account until activation, never written over the record. */
type RegistrationDetails = {
  EmailAddress: string | null;
  MobileNumber: string | null;
  HomeAddress: string;
  PostalAddress: string;
};

export async function registerClaimant(
  deps: Deps,
  input: {
    username: string;
    dateOfBirth: string;
    firstName: string;
    lastName: string;
    claimNumber: string;
    email: string | undefined;
    mobile: string | undefined;
    password: string;
    homeAddress: string;
    postalAddress: string;
  },
): Promise<{ AccessToken: string }> {
  const c = await matchClaimant(deps, input);
  if (!isAtLeast16(c.date_of_birth, isoToday(new Date(deps.clock.now())))) throw notFound(deps);
  if (c.account_id) throw new AppError(ErrorNumber.AlreadyRegistered);
  // The activation code can only go to a contact the claims system holds: with none, the
  // claimant finishes by phone, and nothing about them changes.
  if (!c.email && !c.mobile) {
    const p = deps.config.provider;
    throw new AppError(
      ErrorNumber.NoContactOnRecord,
      fillMessage(catalogueMessage(ErrorNumber.NoContactOnRecord), { phone: p.phone, callHours: p.callHours }),
    );
  }
  const username = input.username.toLowerCase();
  if (await repo.usernameExists(deps.db, username)) throw usernameTaken();
  const accountId = newId();
  const passwordHash = await hashPassword(input.password);
  const details: RegistrationDetails = {
    EmailAddress: input.email ?? null,
    MobileNumber: input.mobile ?? null,
    HomeAddress: input.homeAddress,
    PostalAddress: input.postalAddress,
  };
  try {
    await insertAccount(deps.db, {
      id: accountId,
      claimantId: c.claimant_id,
      username,
      passwordHash,
      now: deps.clock.now(),
      registrationDetails: JSON.stringify(details),
    });
  } catch (e) {
    // A parallel registration took the username or the claim after the checks above.
    const column = repo.brokenUniqueColumn(e);
    if (column === 'username') throw usernameTaken();
    if (column === 'claimant_id') throw new AppError(ErrorNumber.AlreadyRegistered);
    throw e;
  }
  const { token } = await startSession(deps, { accountId, kind: 'registration', rememberMe: false });
  return { AccessToken: token };
}

/**
 * At activation: what the registrant typed goes to the claims system as a request (its contacts
 * unconfirmed: they receive nothing from the portal until the claims system records them or the
 * claimant confirms them with a code from an on-record channel in My Details).
 */
export async function releaseRegistrationDetails(
  trx: Transaction<Database>,
  accountId: string,
  now: number,
): Promise<void> {
  const held = await repo.takeRegistrationDetails(trx, accountId);
  if (!held) return;
  await queueForProvider(trx, {
    claimId: held.claimId,
    kind: 'registration-details',
    payload: { ...(JSON.parse(held.details) as RegistrationDetails), ContactsConfirmed: false },
    now,
  });
}

type RecoveryInput = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  mobile: string | undefined;
  email: string | undefined;
  claimNumber: string;
};

/** A registered claimant whose e-mail or mobile on record is the one given; the channel it matched. */
async function matchAccount(deps: Deps, input: RecoveryInput) {
  const c = await matchClaimant(deps, input);
  if (!c.account_id || !c.username) throw notFound(deps);
  const byEmail =
    input.email && c.email && same(input.email, c.email) ? { channel: 'email' as const, to: c.email } : null;
  const bySms =
    input.mobile && c.mobile && input.mobile === c.mobile ? { channel: 'sms' as const, to: c.mobile } : null;
  const target = byEmail ?? bySms;
  if (!target) {
    await countFailures(deps, [[c.throttleKey, RECOVERY_THROTTLE.claim]]);
    throw notFound(deps);
  }
  await spendAccountAttempt(deps, c.account_id);
  return {
    accountId: c.account_id,
    username: c.username,
    activated: c.activated === 1,
    firstName: c.first_name,
    target,
  };
}

export async function sendUsername(deps: Deps, input: RecoveryInput): Promise<{ SentBy: 'Email' | 'SMS' }> {
  const a = await matchAccount(deps, input);
  const p = deps.config.provider;
  const text =
    a.target.channel === 'sms'
      ? `Your ${p.shortName} portal username is ${a.username}`
      : [
          `Hello ${a.firstName},`,
          '',
          `Your username for the ${p.name} claimant portal is ${a.username}.`,
          '',
          `If you did not ask for this, please call us on ${p.phone}.`,
        ].join('\n');
  await enqueueNotification(deps.db, deps.cipher, deps.clock.now(), {
    accountId: a.accountId,
    kind: 'username',
    channel: a.target.channel,
    to: a.target.to,
    subject: `Your ${p.shortName} portal username`,
    text,
  });
  deps.notifier.wake();
  return { SentBy: a.target.channel === 'sms' ? 'SMS' : 'Email' };
}

/** Answers no username: that goes only to the contacts on record (forgot username). */
export async function startPasswordReset(
  deps: Deps,
  input: RecoveryInput,
): Promise<{ ResetPasswordToken: string; FirstName: string }> {
  const a = await matchAccount(deps, input);
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // A new request invalidates any earlier reset token.
    await repo.voidResetTokens(trx, a.accountId, now);
    await repo.insertResetToken(trx, {
      id: newId(),
      accountId: a.accountId,
      tokenHash: tokenHash(token),
      now,
      expiresAt: now + RESET_TOKEN_LIFETIME_MS,
    });
  });
  return { ResetPasswordToken: token, FirstName: a.firstName };
}

/**
 * Holds the new password on the reset token and starts the session that must enter a code. Nothing
 * changes for the claimant yet: no password, no session ended. The claimant goes on to /activate or
 * /verify, where the code sent to the e-mail or mobile on record applies it (applyPendingReset).
 */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string },
): Promise<{ AccessToken: string; AccountActivated: boolean }> {
  const now = deps.clock.now();
  const pending = await repo.findLiveResetToken(deps.db, tokenHash(input.token), now);
  if (!pending) throw notFound(deps);
  await spendAccountAttempt(deps, pending.account_id);
  const passwordHash = await hashPassword(input.password);
  const activated = pending.activated === 1;
  const session = await startSession(deps, {
    accountId: pending.account_id,
    kind: activated ? 'verification' : 'registration',
    rememberMe: false,
  });
  const held = await repo.holdPendingPassword(deps.db, pending.id, {
    passwordHash,
    sessionId: session.sessionId,
    now,
    expiresAt: now + RESET_TOKEN_LIFETIME_MS,
  });
  // Spent by a parallel call with the same token between the two statements.
  if (!held) throw notFound(deps);
  return { AccessToken: session.token, AccountActivated: activated };
}

/**
 * After a code from an on-record channel was entered on this session: applies a reset waiting on
 * it — the new password, every other session ended, every known browser forgotten — and tells
 * the claimant on every channel on record. False when no reset waits on the session.
 */
export async function applyPendingReset(
  deps: Deps,
  trx: Transaction<Database>,
  input: { accountId: string; sessionId: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const pending = await repo.takePendingPassword(trx, input.sessionId, input.accountId, now);
  if (!pending) return false;
  await setPasswordHash(trx, input.accountId, pending.passwordHash);
  await revokeAccountSessions(trx, input.accountId, now);
  await forgetKnownDevices(trx, input.accountId);
  await repo.voidResetTokens(trx, input.accountId, now);
  await queueSecurityNotice(deps, trx, now, { accountId: input.accountId, change: 'password reset' });
  return true;
}
