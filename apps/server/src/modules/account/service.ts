import {
  AccountActivated,
  ErrorNumber,
  LIMITS,
  isoToday,
  SESSION,
  type Account,
  type Address,
  type ClaimantDetails,
  type LoginResponse,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { recogniseDevice } from '../device/service.ts';
import { endSession, startSession, type AuthContext } from '../session/service.ts';
import { markBankVerified } from './claimant-repository.ts';
import { maskValue, recordAudit } from '../audit/repository.ts';
import { findBankFlags } from '../claim/service.ts';
import * as repo from './repository.ts';
import { recordFailure, recordSuccess, throttledError, throttleKeys, throttleWait } from './throttle.ts';
import { tag } from '../../lib/read-cache.ts';

/** An argon2id hash of nothing anyone knows: unknown usernames are verified against it so the
 *  response time does not say whether the username exists. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}

/** Made when the routes are registered, so not even the first unknown username answers faster. */
export function prepareDummyHash(): void {
  void getDummyHash();
}

export async function signIn(
  deps: Deps,
  input: {
    username: string;
    password: string;
    rememberMe: boolean;
    address: string;
    previousToken?: string | undefined;
    deviceId: string | null;
  },
): Promise<LoginResponse> {
  const keys = throttleKeys(input.username, input.address);
  const wait = await throttleWait(deps, keys);
  if (wait > 0) throw throttledError(wait);
  const account = await repo.findAccountByUsername(deps.db, input.username.toLowerCase());
  const ok = account
    ? await verifyPassword(account.password_hash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password), false);
  if (!account || !ok) {
    await recordFailure(deps, keys);
    throw new AppError(ErrorNumber.LoginFailed);
  }
  await recordSuccess(deps, keys);
  // A sign-in always starts a new session; the one the browser held (if any) ends here.
  await endSession(deps, input.previousToken);
  // Verification: the account is flagged for it, or it has not been seen on this browser in 90
  // days. A sign-in from a known browser counts as seeing it (its 90 days start again).
  const outcome =
    account.activated !== 1
      ? AccountActivated.NotActivated
      : account.verify_sign_in === 1 || !(await recogniseDevice(deps, account.id, input.deviceId))
        ? AccountActivated.VerificationRequired
        : AccountActivated.Activated;
  const kind =
    outcome === AccountActivated.NotActivated
      ? 'registration'
      : outcome === AccountActivated.VerificationRequired
        ? 'verification'
        : 'login';
  const { token } = await startSession(deps, { accountId: account.id, kind, rememberMe: input.rememberMe });
  return { AccessToken: token, AccountActivated: outcome };
}

function parseAddress(json: string | null): Address | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as Address;
  } catch {
    return null;
  }
}

function maskAccountNumber(last4: string | null): string {
  return last4 ? `*****${last4}` : '';
}

/**
 * The account's row with its claimant's, and the pending personal-details request: every claim
 * page reads them (getaccount), so they are cached exactly (decision 031), tagged by the account
 * and the claimant. Every writer of what they hold says so after its commit: the claimant's
 * details, preferences and bank (this module), the claims system's upsert and its decision on a
 * details request (provider), a details request sent (submissions), a password set (the account's
 * sessions). What depends on the clock (the bank lock) is worked out on every read.
 */
function accountView(deps: Deps, accountId: string) {
  return deps.reads.read(`account-view:${accountId}`, async () => {
    const [view, pendingSince] = await Promise.all([
      repo.findAccountView(deps.db, accountId),
      repo.findPendingSince(deps.db, accountId),
    ]);
    return view && { value: { view, pendingSince }, tags: [tag.account(accountId), tag.claimant(view.claimant_id)] };
  });
}

export async function findAccount(deps: Deps, auth: AuthContext): Promise<Account> {
  const read = await accountView(deps, auth.accountId);
  if (!read) throw new AppError(ErrorNumber.NotFound);
  const { view: a, pendingSince } = read;
  const flags = await findBankFlags(deps, a.claimant_id);
  const lockOver = deps.clock.now() - a.registered_at >= LIMITS.bankChangeLockHours * 3_600_000;
  const hasBank = a.bank_bsb !== null && a.bank_account_last4 !== null;
  return {
    PersonalDetails: {
      Title: a.title_id,
      FirstName: a.first_name,
      MiddleNames: a.middle_names,
      Surname: a.surname,
      DateOfBirth: a.date_of_birth,
    },
    ContactDetails: {
      EmailAddress: a.email ?? '',
      MobileNumber: a.mobile ?? '',
      PhoneNumber: { IntlNumber: LIMITS.internationalCode, AreaCode: a.phone_area ?? '', Number: a.phone_number ?? '' },
      HomeAddressForDB: parseAddress(a.home_address),
      PostalAddressForDB: parseAddress(a.postal_address),
      AreAddressesSame: a.addresses_same === 1,
    },
    BankAccountDetails: hasBank
      ? {
          BankName: a.bank_name ?? '',
          AccountName: a.bank_account_name ?? '',
          Bsb: a.bank_bsb ?? '',
          AccountNumber: maskAccountNumber(a.bank_account_last4),
        }
      : null,
    Preferences: { SMS: a.pref_sms === 1, Email: a.pref_email === 1 },
    BankDetailsCanEdit: !flags.trustee && flags.bankEditAllowed && lockOver,
    // Nothing to check means nothing to nag about.
    BankDetailsVerified: !hasBank || a.bank_verified === 1,
    IsStateTrustee: flags.trustee,
    MobileEditDisabled: a.mobile_edit_disabled === 1,
    EmailEditDisabled: a.email_edit_disabled === 1,
    IsOneTimePassword: a.one_time_password === 1,
    PersonalDetailsPendingSince: pendingSince === null ? null : isoToday(new Date(pendingSince)),
  };
}

/**
 * The claimant's details a helper with Act may see and ask to change (decision 041): a claim call,
 * so `auth` is the claimant's; the e-mail, mobile, bank and preferences are left out.
 */
export async function findClaimantDetails(deps: Deps, auth: AuthContext): Promise<ClaimantDetails> {
  const { PersonalDetails, ContactDetails, PersonalDetailsPendingSince } = await findAccount(deps, auth);
  const { PhoneNumber, HomeAddressForDB, PostalAddressForDB, AreAddressesSame } = ContactDetails;
  return {
    PersonalDetails,
    ContactDetails: { PhoneNumber, HomeAddressForDB, PostalAddressForDB, AreAddressesSame },
    PersonalDetailsPendingSince,
  };
}

/**
 * "Yes, these are correct" on the bank banner: the claimant's word that the details on record are
 * theirs, audited like a change (masked, in the same transaction). A second press changes nothing
 * and writes nothing.
 */
export async function verifyBankDetails(deps: Deps, auth: AuthContext): Promise<true> {
  await deps.db.transaction().execute(async (trx) => {
    const confirmed = await markBankVerified(trx, auth.claimantId);
    if (!confirmed) return;
    const same = (value: string | null) => ({ from: maskValue(value), to: maskValue(value) });
    await recordAudit(trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'bank-details-confirmed',
      changes: {
        BankDetailsVerified: { from: 'no', to: 'yes' },
        Bsb: same(confirmed.bank_bsb),
        AccountNumber: same(confirmed.bank_account_last4),
      },
      at: deps.clock.now(),
    });
  });
  await deps.reads.changed(tag.claimant(auth.claimantId));
  return true;
}

export function keepAlive(): { IdleTimeoutSeconds: number } {
  return { IdleTimeoutSeconds: SESSION.idleTimeoutMs / 1000 };
}
