/**
 * Changes from the /account area (spec 000 §4, §6; account issue). Bank, mobile and e-mail
 * changes need a secure token of their CodeType from this session (spent once); every change is
 * audited in the same transaction, with values masked.
 */
import {
  bsbNotFound,
  CodeType,
  ErrorNumber,
  LIMITS,
  catalogueMessage,
  enteredLocality,
  fillMessage,
  type UpdateContactDetailsRequest,
} from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, sealedAt, verifyPassword } from '../../lib/crypto.ts';
import { consumeSecureToken } from '../access-code/sign-in.ts';
import { diff, recordAudit, type Change } from '../audit/repository.ts';
import type { Channel } from '../../notify/transports.ts';
import { queueAccountChange } from '../provider/outbox.ts';
import { revokeAccountSessions } from '../session/repository.ts';
import { queueSecurityNotice, type SecurityChange } from './security-notice.ts';
import { findBankName } from '../bsb/service.ts';
import { checkAddress } from '../address/verify.ts';
import { accountSessionsChanged, type AuthContext } from '../session/service.ts';
import * as claimants from './claimant-repository.ts';
import { findBankFlags } from '../claim/service.ts';
import * as repo from './repository.ts';
import { THROTTLE, countFailures, passwordCheckKey, throttledError, waitFor } from './throttle.ts';

type ContactInput = z.output<typeof UpdateContactDetailsRequest>;

async function requireSecureToken(
  deps: Deps,
  auth: AuthContext,
  token: string | undefined,
  codeType: number,
): Promise<void> {
  if (!token || !(await consumeSecureToken(deps, auth, token, codeType)))
    throw new AppError(ErrorNumber.SecureTokenRequired);
}

const NOTICE: Record<string, SecurityChange> = {
  preferences: 'notification preferences',
  password: 'password',
  'bank-details': 'bank details',
  'contact-details': 'contact details',
};

/**
 * Every change of the claimant's own details: audited, sent to the provider as an event (masked),
 * and told to the claimant on every channel on record — and on the old e-mail or mobile when that
 * is what changed — in the change's transaction (modules/account/security-notice.ts).
 */
async function recordChange(
  deps: Deps,
  trx: Transaction<Database>,
  auth: AuthContext,
  change: {
    claimantId: string;
    kind: keyof typeof NOTICE;
    changes: Record<string, Change>;
    now: number;
    oldContacts?: { channel: Channel; to: string }[];
  },
): Promise<void> {
  const { claimantId, kind, changes, now } = change;
  if (Object.keys(changes).length === 0) return;
  await recordAudit(trx, { accountId: auth.accountId, sessionId: auth.sessionId, kind, changes, at: now });
  await queueAccountChange(trx, { claimantId, selectedClaimId: auth.selectedClaimId, kind, changes, now });
  await queueSecurityNotice(deps, trx, now, {
    accountId: auth.accountId,
    change: NOTICE[kind] as SecurityChange,
    alsoTo: change.oldContacts ?? [],
  });
}

export async function updatePreferences(deps: Deps, auth: AuthContext, input: { SMS: boolean; Email: boolean }) {
  const c = await repo.findContact(deps.db, auth.accountId);
  if (!c) throw new AppError(ErrorNumber.NotFound);
  // Spec 000 §6: a choice needs both channels to exist; §4: both off forces e-mail on.
  const bothExist = Boolean(c.email) && Boolean(c.mobile);
  let sms = bothExist ? input.SMS : c.pref_sms === 1;
  let email = bothExist ? input.Email : c.pref_email === 1;
  if (!sms && !email) email = true;
  if (!c.mobile) sms = false;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await claimants.setPreferences(trx, c.claimant_id, sms, email);
    const changes = diff(
      { SMS: String(c.pref_sms === 1), Email: String(c.pref_email === 1) },
      { SMS: String(sms), Email: String(email) },
    );
    await recordChange(deps, trx, auth, { claimantId: c.claimant_id, kind: 'preferences', changes, now });
  });
  deps.notifier.wake();
  return { SMS: sms, Email: email };
}

/** Changes the password and ends every other session of the account (this one stays). */
export async function updatePassword(
  deps: Deps,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string },
): Promise<true> {
  const key = passwordCheckKey(auth.accountId);
  const wait = await waitFor(deps, [key]);
  if (wait > 0) throw throttledError(wait);
  const hash = await repo.findPasswordHash(deps.db, auth.accountId);
  if (!hash || !(await verifyPassword(hash, input.oldPassword))) {
    await countFailures(deps, [[key, THROTTLE.username]]);
    throw new AppError(ErrorNumber.InvalidCurrentPassword);
  }
  await deps.throttle.clear(key);
  const newHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, auth.accountId, newHash);
    await revokeAccountSessions(trx, auth.accountId, now, auth.sessionId);
    await recordChange(deps, trx, auth, {
      claimantId: auth.claimantId,
      kind: 'password',
      changes: { Password: { from: '[set]', to: '[changed]' } },
      now,
    });
  });
  await accountSessionsChanged(deps, auth.accountId);
  deps.notifier.wake();
  return true;
}

export async function updateBankDetails(
  deps: Deps,
  auth: AuthContext,
  input: { accountName: string; bsb: string; accountNumber: string; secureToken: string },
): Promise<true> {
  const a = await repo.findAccountView(deps.db, auth.accountId);
  if (!a) throw new AppError(ErrorNumber.NotFound);
  const flags = await findBankFlags(deps, a.claimant_id);
  if (flags.trustee) throw new AppError(ErrorNumber.BankEditStateTrustee);
  if (!flags.bankEditAllowed || deps.clock.now() - a.registered_at < LIMITS.bankChangeLockHours * 3_600_000)
    throw new AppError(ErrorNumber.BankEditLocked);
  const { BankName } = await findBankName(deps, input.bsb);
  if (!BankName) throw new AppError(ErrorNumber.Validation, bsbNotFound(input.bsb), 'Bsb');
  await requireSecureToken(deps, auth, input.secureToken, CodeType.Bank);
  const now = deps.clock.now();
  const last4 = input.accountNumber.slice(-4);
  await deps.db.transaction().execute(async (trx) => {
    await claimants.setBankDetails(trx, a.claimant_id, {
      bankName: BankName,
      accountName: input.accountName,
      bsb: input.bsb,
      accountNumberEnc: deps.cipher.encrypt(
        input.accountNumber,
        sealedAt('claimants', 'bank_account_number_enc', a.claimant_id),
      ),
      last4,
    });
    const changes = diff(
      { AccountName: a.bank_account_name, Bsb: a.bank_bsb, AccountNumber: a.bank_account_last4 },
      { AccountName: input.accountName, Bsb: input.bsb, AccountNumber: last4 },
    );
    await recordChange(deps, trx, auth, { claimantId: a.claimant_id, kind: 'bank-details', changes, now });
  });
  deps.notifier.wake();
  return true;
}

type AddressLinesInput = ContactInput['HomeAddressForDB'];
/** An address as My Details stores it (claimants.home_address / postal_address, JSON). */
type StoredAddress = Omit<AddressLinesInput, 'Moniker'> & { Verified?: boolean };

function storedAddress(json: string | null): StoredAddress | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as StoredAddress;
  } catch {
    return null;
  }
}

/**
 * The address to store: unchanged, it keeps what is known of it (an address from the claims
 * system, stored without a flag, counts as verified); changed, it is checked (address/verify.ts).
 */
async function keptAddress(
  deps: Deps,
  input: AddressLinesInput,
  storedJson: string | null,
  field: string,
): Promise<StoredAddress> {
  const stored = storedAddress(storedJson);
  if (!input.Entered && stored && stored.ExperianSingleSelectedLine === input.ExperianSingleSelectedLine) return stored;
  const checked = await checkAddress(
    deps.db,
    { text: input.ExperianSingleSelectedLine, moniker: input.Moniker, entered: input.Entered },
    field,
  );
  if (checked.entered) {
    return {
      ExperianSingleSelectedLine: checked.line,
      AddressLine1: checked.entered.Street.trim().toUpperCase(),
      AddressLine2: enteredLocality(checked.entered),
      AddressLine3: '',
      Verified: false,
      Entered: checked.entered,
    };
  }
  return {
    ExperianSingleSelectedLine: input.ExperianSingleSelectedLine,
    AddressLine1: input.AddressLine1,
    AddressLine2: input.AddressLine2,
    AddressLine3: input.AddressLine3,
    Verified: checked.verified,
  };
}

/** A changed address always goes to the claims system with whether it was verified. */
function withVerification(
  changes: Record<string, Change>,
  addresses: Record<'home' | 'postal', [string | null, string]>,
): Record<string, Change> {
  const verified = (json: string | null) => (json ? String(storedAddress(json)?.Verified !== false) : '');
  const out = { ...changes };
  for (const [which, key] of [
    ['home', 'HomeAddress'],
    ['postal', 'PostalAddress'],
  ] as const) {
    const [before, after] = addresses[which];
    if (out[key]) out[`${key}Verified`] = { from: verified(before), to: verified(after) };
  }
  return out;
}

export async function updateContactDetails(deps: Deps, auth: AuthContext, input: ContactInput): Promise<true> {
  const a = await repo.findAccountView(deps.db, auth.accountId);
  if (!a) throw new AppError(ErrorNumber.NotFound);
  const emailChanged = input.EmailAddress.toLowerCase() !== (a.email ?? '').toLowerCase();
  const mobileChanged = input.MobileNumber !== (a.mobile ?? '');
  const disabled = (detail: string) =>
    new AppError(
      ErrorNumber.EditDisabled,
      fillMessage(catalogueMessage(ErrorNumber.EditDisabled), { detail, phone: deps.config.provider.phone }),
    );
  if (emailChanged && a.email_edit_disabled === 1) throw disabled('e-mail address');
  if (mobileChanged && a.mobile_edit_disabled === 1) throw disabled('mobile number');
  // One verified code proves one channel: the e-mail and the mobile change one at a time.
  if (emailChanged && mobileChanged) throw new AppError(ErrorNumber.SecureTokenRequired);
  if (emailChanged) await requireSecureToken(deps, auth, input.SecureToken, CodeType.Email);
  if (mobileChanged) await requireSecureToken(deps, auth, input.SecureToken, CodeType.Mobile);
  // An address entered by hand is checked against the localities and kept as not verified.
  const home = JSON.stringify(await keptAddress(deps, input.HomeAddressForDB, a.home_address, 'HomeAddressForDB'));
  const postal =
    input.AreAddressesSame || !input.PostalAddressForDB
      ? home
      : JSON.stringify(await keptAddress(deps, input.PostalAddressForDB, a.postal_address, 'PostalAddressForDB'));
  const next = {
    email: input.EmailAddress,
    mobile: input.MobileNumber || null,
    phoneArea: input.PhoneNumber.AreaCode || null,
    phoneNumber: input.PhoneNumber.Number || null,
    homeAddress: home,
    postalAddress: postal,
    same: input.AreAddressesSame,
  };
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await claimants.setContactDetails(trx, a.claimant_id, next);
    const lineOf = (json: string | null) =>
      json ? ((JSON.parse(json) as { ExperianSingleSelectedLine?: string }).ExperianSingleSelectedLine ?? '') : '';
    const changes = withVerification(
      diff(
        {
          EmailAddress: a.email,
          MobileNumber: a.mobile,
          AreaCode: a.phone_area,
          PhoneNumber: a.phone_number,
          HomeAddress: lineOf(a.home_address),
          PostalAddress: lineOf(a.postal_address),
        },
        {
          EmailAddress: next.email,
          MobileNumber: next.mobile,
          AreaCode: next.phoneArea,
          PhoneNumber: next.phoneNumber,
          HomeAddress: lineOf(home),
          PostalAddress: lineOf(postal),
        },
      ),
      { home: [a.home_address, home], postal: [a.postal_address, postal] },
    );
    // The old address or number hears of it too: if it was not the claimant, that is where they are.
    const oldContacts: { channel: Channel; to: string }[] = [];
    if (emailChanged && a.email) oldContacts.push({ channel: 'email', to: a.email });
    if (mobileChanged && a.mobile) oldContacts.push({ channel: 'sms', to: a.mobile });
    await recordChange(deps, trx, auth, {
      claimantId: a.claimant_id,
      kind: 'contact-details',
      changes,
      now,
      oldContacts,
    });
  });
  deps.notifier.wake();
  return true;
}
