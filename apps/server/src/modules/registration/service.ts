/**
 * Registration and recovery (spec 001; identity issue). A registrant must match a claim on
 * record (claim number, date of birth, first and last name) and be 16 or older; a mismatch of
 * any kind gets the same 56 answer, so the answer never says which detail was wrong.
 */
import { ErrorNumber, LIMITS, catalogueMessage, fillMessage, isoToday } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, newId, newToken } from '../../lib/crypto.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { startSession, tokenHash } from '../session/service.ts';
import * as repo from './repository.ts';

export const RESET_TOKEN_LIFETIME_MS = 30 * 60_000;

function notFound(deps: Deps): AppError {
  const p = deps.config.provider;
  return new AppError(ErrorNumber.InformationNotFound, fillMessage(catalogueMessage(ErrorNumber.InformationNotFound), { shortName: p.shortName, phone: p.phone }));
}

const usernameTaken = () => new AppError(ErrorNumber.UsernameTaken, undefined, 'Username');

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');

/** 16th birthday on or before today (Melbourne calendar). */
export function isAtLeast16(dateOfBirth: string, today: string): boolean {
  const [y, m, d] = dateOfBirth.split('-');
  return `${Number(y) + LIMITS.minimumRegistrantAge}-${m}-${d}` <= today;
}

async function matchClaimant(deps: Deps, input: { claimNumber: string; dateOfBirth: string; firstName: string; lastName: string }) {
  const c = await repo.findClaimantByClaimNumber(deps.db, input.claimNumber);
  if (!c || c.date_of_birth !== input.dateOfBirth || !same(c.first_name, input.firstName) || !same(c.surname, input.lastName)) throw notFound(deps);
  return c;
}

function addressRecord(text: string): string {
  const [line1 = '', ...rest] = text.split(',').map((s) => s.trim());
  return JSON.stringify({ ExperianSingleSelectedLine: text, AddressLine1: line1, AddressLine2: rest.join(', '), AddressLine3: '' });
}

export async function registerClaimant(
  deps: Deps,
  input: {
    username: string; dateOfBirth: string; firstName: string; lastName: string; claimNumber: string;
    email: string | undefined; mobile: string | undefined; password: string; homeAddress: string; postalAddress: string;
  },
): Promise<{ AccessToken: string }> {
  const c = await matchClaimant(deps, input);
  if (!isAtLeast16(c.date_of_birth, isoToday(new Date(deps.clock.now())))) throw notFound(deps);
  if (c.account_id) throw new AppError(ErrorNumber.AlreadyRegistered);
  const username = input.username.toLowerCase();
  if (await repo.usernameExists(deps.db, username)) throw usernameTaken();
  const accountId = newId();
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    try {
      await repo.insertAccount(trx, { id: accountId, claimantId: c.claimant_id, username, passwordHash, now: deps.clock.now() });
    } catch (e) {
      // A parallel registration took the username or the claim after the checks above.
      const column = repo.brokenUniqueColumn(e);
      if (column === 'username') throw usernameTaken();
      if (column === 'claimant_id') throw new AppError(ErrorNumber.AlreadyRegistered);
      throw e;
    }
    // Contact details on record from the claims system stay (the activation code goes there):
    // a registrant's own e-mail or mobile only fills a gap.
    await repo.updateRegisteredContact(trx, c.claimant_id, {
      email: c.email ?? input.email ?? null,
      mobile: c.mobile ?? input.mobile ?? null,
      homeAddress: addressRecord(input.homeAddress),
      postalAddress: addressRecord(input.postalAddress),
      same: input.homeAddress === input.postalAddress,
    });
  });
  return { AccessToken: await startSession(deps, { accountId, kind: 'registration', rememberMe: false }) };
}

type RecoveryInput = { firstName: string; lastName: string; dateOfBirth: string; mobile: string | undefined; email: string | undefined; claimNumber: string };

/** A registered claimant whose e-mail or mobile on record is the one given; the channel it matched. */
async function matchAccount(deps: Deps, input: RecoveryInput) {
  const c = await matchClaimant(deps, input);
  if (!c.account_id || !c.username) throw notFound(deps);
  const byEmail = input.email && c.email && same(input.email, c.email) ? { channel: 'email' as const, to: c.email } : null;
  const bySms = input.mobile && c.mobile && input.mobile === c.mobile ? { channel: 'sms' as const, to: c.mobile } : null;
  const target = byEmail ?? bySms;
  if (!target) throw notFound(deps);
  return { accountId: c.account_id, username: c.username, activated: c.activated === 1, firstName: c.first_name, target };
}

export async function sendUsername(deps: Deps, input: RecoveryInput): Promise<{ SentBy: 'Email' | 'SMS' }> {
  const a = await matchAccount(deps, input);
  const p = deps.config.provider;
  const text =
    a.target.channel === 'sms'
      ? `Your ${p.shortName} portal username is ${a.username}`
      : [`Hello ${a.firstName},`, '', `Your username for the ${p.name} claimant portal is ${a.username}.`, '', `If you did not ask for this, please call us on ${p.phone}.`].join('\n');
  await enqueueNotification(deps.db, deps.cipher, deps.clock.now(), {
    accountId: a.accountId, kind: 'username', channel: a.target.channel, to: a.target.to, subject: `Your ${p.shortName} portal username`, text,
  });
  deps.notifier.wake();
  return { SentBy: a.target.channel === 'sms' ? 'SMS' : 'Email' };
}

export async function startPasswordReset(deps: Deps, input: RecoveryInput): Promise<{ ResetPasswordToken: string; Username: string; FirstName: string }> {
  const a = await matchAccount(deps, input);
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // A new request invalidates any earlier reset token.
    await repo.voidResetTokens(trx, a.accountId, now);
    await repo.insertResetToken(trx, { id: newId(), accountId: a.accountId, tokenHash: tokenHash(token), now, expiresAt: now + RESET_TOKEN_LIFETIME_MS });
  });
  return { ResetPasswordToken: token, Username: a.username, FirstName: a.firstName };
}

/**
 * Sets the new password and ends every session. It never answers with a ready session: the
 * claimant goes on to /activate or /verify, where a code sent to the registered channel
 * completes the sign-in (docs/decisions/008-registration-and-reset.md).
 */
export async function resetPassword(deps: Deps, input: { token: string; password: string }): Promise<{ AccessToken: string; AccountActivated: boolean }> {
  const now = deps.clock.now();
  const account = await repo.useResetToken(deps.db, tokenHash(input.token), now);
  if (!account) throw notFound(deps);
  await repo.setPassword(deps.db, account.id, await hashPassword(input.password));
  await repo.revokeAllSessions(deps.db, account.id, now);
  const activated = account.activated === 1;
  const token = await startSession(deps, { accountId: account.id, kind: activated ? 'verification' : 'registration', rememberMe: false });
  return { AccessToken: token, AccountActivated: activated };
}
