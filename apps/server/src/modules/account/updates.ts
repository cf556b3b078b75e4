/**
 * Changes from the /account area (spec 000 §4, §6; account issue). Bank, mobile and e-mail
 * changes need a secure token of their CodeType from this session (spent once); every change is
 * audited in the same transaction, with values masked.
 */
import { bsbNotFound, CodeType, ErrorNumber, LIMITS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, sealedAt, verifyPassword } from '../../lib/crypto.ts';
import { diff } from '../audit/repository.ts';
import { revokeAccountSessions } from '../session/repository.ts';
import { recordChange, requireSecureToken } from './record-change.ts';
import { findBankName } from '../bsb/service.ts';
import { accountSessionsChanged, type AuthContext } from '../session/service.ts';
import * as claimants from './claimant-repository.ts';
import { findBankFlags } from '../claim/service.ts';
import * as repo from './repository.ts';
import { THROTTLE, countFailures, passwordCheckKey, throttledError, waitFor } from './throttle.ts';
import { tag } from '../../lib/read-cache.ts';

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
  await deps.reads.changed(tag.claimant(c.claimant_id));
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
  await deps.reads.changed(tag.claimant(a.claimant_id));
  deps.notifier.wake();
  return true;
}
