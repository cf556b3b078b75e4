/**
 * Registration and the forgotten username (spec 001). A registrant must match a claim on record
 * (claim number, date of birth, first and last name; identity-check.ts) and be 16 or older.
 * Nothing the registrant types is written over the claims system's record: it is held until
 * activation and sent to the claims system as a request, and codes go only to the contacts on
 * record (decision 023). The reset is reset.ts.
 */
import type { Transaction } from 'kysely';
import { ErrorNumber, LIMITS, catalogueMessage, fillMessage, isoToday, type EnteredAddress } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, newId } from '../../lib/crypto.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { insertAccount } from '../account/repository.ts';
import { checkAddress } from '../address/verify.ts';
import { queueForProvider } from '../provider/outbox.ts';
import { startSession } from '../session/service.ts';
import { matchAccount, matchClaimant, notFound, type RecoveryInput } from './identity-check.ts';
import * as repo from './repository.ts';

const usernameTaken = () => new AppError(ErrorNumber.UsernameTaken, undefined, 'Username');

/** 16th birthday on or before today (Melbourne calendar). */
export function isAtLeast16(dateOfBirth: string, today: string): boolean {
  const [y, m, d] = dateOfBirth.split('-');
  return `${Number(y) + LIMITS.minimumRegistrantAge}-${m}-${d}` <= today;
}

/** What a registrant typed: held on the account until activation, never written over the record. */
type RegistrationDetails = {
  EmailAddress: string | null;
  MobileNumber: string | null;
  HomeAddress: string;
  PostalAddress: string;
  /** False when the address was entered by hand, not chosen from the address index. */
  HomeAddressVerified: boolean;
  PostalAddressVerified: boolean;
};

/** An address as the registration form sends it: a chosen suggestion, or the parts entered by hand. */
type RegistrationAddress = {
  PartialAddress: string;
  Moniker?: string | undefined;
  Entered?: EnteredAddress | undefined;
};

const addressOf = (a: RegistrationAddress) => ({ text: a.PartialAddress, moniker: a.Moniker, entered: a.Entered });

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
    /** The client's address (request.ip): failed identity checks are counted per claim and address. */
    address: string;
    homeAddress: RegistrationAddress;
    postalAddress: RegistrationAddress;
  },
): Promise<{ AccessToken: string }> {
  // An address entered by hand must be in a known locality: checked first, so a refused
  // registration changes nothing.
  const home = await checkAddress(deps.db, addressOf(input.homeAddress), 'HomeAddress');
  const postal = await checkAddress(deps.db, addressOf(input.postalAddress), 'PostalAddress');
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
    HomeAddress: home.line,
    PostalAddress: postal.line,
    HomeAddressVerified: home.verified,
    PostalAddressVerified: postal.verified,
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
