/**
 * Second factors (decision 029): what the claimant has, and every change of them — each behind a
 * step-up of CodeType 3 (a Security secure token, spent once), audited and told to the claimant
 * on every channel on record in the change's transaction. Using one is verify.ts.
 */
import {
  ErrorNumber,
  SECURITY_LIMITS,
  type PasskeyRegistrationResponse,
  type PasskeySummary,
  type SecurityFactorsResponse,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { lockAccount } from '../access-code/repository.ts';
import { guessWithinBudget } from '../access-code/service.ts';
import { recordAudit } from '../audit/repository.ts';
import { accountSessionsChanged, type AuthContext } from '../session/service.ts';
import { revokeAccountSessions } from '../session/repository.ts';
import * as repo from './repository.ts';
import {
  dropRecoveryCodesWhenNoFactor,
  hasFactor,
  makeRecoveryCodes,
  recordFactorChange,
  requireSecurityToken,
  summary,
} from './factor-change.ts';
import { matchingStep, newSecret, openSecret, sealSecret, totpFor } from './totp.ts';
import { checkRegistration, registrationOptions } from './webauthn.ts';

const SETUP_LIFETIME_MS = SECURITY_LIMITS.setupLifetimeMinutes * 60_000;

// ---- what the claimant has

export async function getFactors(deps: Deps, auth: AuthContext): Promise<SecurityFactorsResponse> {
  const [passkeys, kinds] = await Promise.all([
    repo.listPasskeys(deps.db, auth.accountId),
    repo.factorKinds(deps.db, auth.accountId),
  ]);
  return {
    Passkeys: passkeys.map(summary),
    MaxPasskeys: SECURITY_LIMITS.maxPasskeys,
    Authenticator: {
      SetUp: kinds.authenticator,
      CreatedAt: kinds.authenticatorSince === null ? null : Number(kinds.authenticatorSince),
    },
    RecoveryCodesLeft: kinds.recoveryCodesLeft,
  };
}

// ---- passkeys

export async function passkeyRegistrationOptions(deps: Deps, auth: AuthContext, secureToken: string) {
  // The limit is told before the token is spent: a refused step changes nothing.
  if ((await repo.countPasskeys(deps.db, auth.accountId)) >= SECURITY_LIMITS.maxPasskeys)
    throw new AppError(ErrorNumber.PasskeyLimit);
  await requireSecurityToken(deps, auth, secureToken);
  return { Options: await registrationOptions(deps, auth) };
}

export async function registerPasskey(
  deps: Deps,
  auth: AuthContext,
  input: { name: string; response: PasskeyRegistrationResponse },
): Promise<{ Passkey: PasskeySummary; RecoveryCodes: string[] | null }> {
  const row = await checkRegistration(deps, auth, input.response, input.name);
  if (await repo.findPasskeyByCredentialId(deps.db, row.credential_id))
    throw new AppError(ErrorNumber.FactorNotAccepted);
  const codes = await deps.db.transaction().execute(async (trx) => {
    // Counted and inserted under the account's lock: two ceremonies in parallel cannot make a sixth.
    await lockAccount(trx, deps.dialect, auth.accountId);
    if ((await repo.countPasskeys(trx, auth.accountId)) >= SECURITY_LIMITS.maxPasskeys)
      throw new AppError(ErrorNumber.PasskeyLimit);
    const first = !(await hasFactor(trx, auth.accountId));
    // The credential id is unique: one registered meanwhile (elsewhere) is refused, not a fault.
    if (await repo.findPasskeyByCredentialId(trx, row.credential_id)) throw new AppError(ErrorNumber.FactorNotAccepted);
    await repo.insertPasskey(trx, row);
    await recordFactorChange(deps, trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'passkey-added',
      changes: { Passkey: { from: '', to: row.name } },
      notice: 'passkey added',
      now: row.created_at,
    });
    return first ? makeRecoveryCodes(deps, trx, auth.accountId, row.created_at) : null;
  });
  deps.notifier.wake();
  return { Passkey: summary(row), RecoveryCodes: codes };
}

export async function renamePasskey(deps: Deps, auth: AuthContext, input: { id: string; name: string }): Promise<true> {
  const passkey = await repo.findPasskey(deps.db, auth.accountId, input.id);
  if (!passkey) throw new AppError(ErrorNumber.NotFound);
  if (passkey.name === input.name) return true;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.renamePasskey(trx, auth.accountId, input.id, input.name)))
      throw new AppError(ErrorNumber.NotFound);
    // Audited, not told: a name changes no factor, and a notice each time would let a stolen
    // session send the claimant e-mail and SMS by the hundred (adding and removing need a step-up).
    await recordAudit(trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'passkey-renamed',
      changes: { Passkey: { from: passkey.name, to: input.name } },
      at: now,
    });
  });
  deps.notifier.wake();
  return true;
}

export async function removePasskey(
  deps: Deps,
  auth: AuthContext,
  input: { id: string; secureToken: string },
): Promise<true> {
  // Another claimant's passkey, or none: not found, before the token is spent.
  const passkey = await repo.findPasskey(deps.db, auth.accountId, input.id);
  if (!passkey) throw new AppError(ErrorNumber.NotFound);
  await requireSecurityToken(deps, auth, input.secureToken);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deletePasskey(trx, auth.accountId, input.id))) throw new AppError(ErrorNumber.NotFound);
    await dropRecoveryCodesWhenNoFactor(trx, auth.accountId, now);
    // Whoever signed in elsewhere (perhaps with this very passkey) is signed out; this session stays.
    await revokeAccountSessions(trx, auth.accountId, now, auth.sessionId);
    await recordFactorChange(deps, trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'passkey-removed',
      changes: { Passkey: { from: passkey.name, to: '' } },
      notice: 'passkey removed',
      now,
    });
  });
  await accountSessionsChanged(deps, auth.accountId);
  deps.notifier.wake();
  return true;
}

// ---- the authenticator app

export async function setUpAuthenticator(deps: Deps, auth: AuthContext, secureToken: string) {
  const existing = await repo.findAuthenticator(deps.db, auth.accountId);
  if (existing?.confirmed_at != null) throw new AppError(ErrorNumber.AuthenticatorAlreadySetUp);
  const user = await repo.findPasskeyUser(deps.db, auth.accountId);
  if (!user) throw new AppError(ErrorNumber.NotFound);
  await requireSecurityToken(deps, auth, secureToken);
  const now = deps.clock.now();
  const id = newId();
  const secret = newSecret();
  // One row an account (unique): a set-up racing another, or a confirmation, finds it taken.
  const kept = await deps.db
    .transaction()
    .execute((trx) =>
      repo.insertPendingAuthenticator(trx, {
        id,
        account_id: auth.accountId,
        secret_enc: sealSecret(deps, id, secret),
        confirmed_at: null,
        setup_expires_at: now + SETUP_LIFETIME_MS,
        last_step: 0,
        created_at: now,
      }),
    )
    .catch(async (e: unknown) => {
      if (await repo.findAuthenticator(deps.db, auth.accountId)) return false;
      throw e;
    });
  if (!kept) throw new AppError(ErrorNumber.AuthenticatorAlreadySetUp);
  return {
    Secret: secret.base32,
    Uri: totpFor(deps, secret, user.username).toString(),
    ExpiresInSeconds: SETUP_LIFETIME_MS / 1000,
  };
}

export async function confirmAuthenticator(
  deps: Deps,
  auth: AuthContext,
  code: string,
): Promise<{ RecoveryCodes: string[] | null }> {
  const pending = await repo.findAuthenticator(deps.db, auth.accountId);
  if (!pending || pending.confirmed_at !== null || pending.setup_expires_at <= deps.clock.now())
    throw new AppError(ErrorNumber.FactorNotSetUp);
  const secret = openSecret(deps, pending.id, pending.secret_enc);
  let step: number | null = null;
  const ok = await guessWithinBudget(deps, auth.accountId, async () => {
    step = matchingStep(deps, secret, code, deps.clock.now());
    return step !== null;
  });
  if (!ok || step === null) throw new AppError(ErrorNumber.AuthenticatorCodeIncorrect);
  const confirmedStep: number = step;
  const now = deps.clock.now();
  const codes = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, deps.dialect, auth.accountId);
    const first = !(await hasFactor(trx, auth.accountId));
    if (!(await repo.confirmAuthenticator(trx, pending.id, confirmedStep, now)))
      throw new AppError(ErrorNumber.FactorNotSetUp);
    await recordFactorChange(deps, trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'authenticator-added',
      changes: { Authenticator: { from: '', to: 'set up' } },
      notice: 'authenticator added',
      now,
    });
    return first ? makeRecoveryCodes(deps, trx, auth.accountId, now) : null;
  });
  deps.notifier.wake();
  return { RecoveryCodes: codes };
}

export async function removeAuthenticator(deps: Deps, auth: AuthContext, secureToken: string): Promise<true> {
  const existing = await repo.findAuthenticator(deps.db, auth.accountId);
  if (!existing || existing.confirmed_at === null) throw new AppError(ErrorNumber.FactorNotSetUp);
  await requireSecurityToken(deps, auth, secureToken);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteAuthenticator(trx, auth.accountId))) throw new AppError(ErrorNumber.FactorNotSetUp);
    await dropRecoveryCodesWhenNoFactor(trx, auth.accountId, now);
    await revokeAccountSessions(trx, auth.accountId, now, auth.sessionId);
    await recordFactorChange(deps, trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'authenticator-removed',
      changes: { Authenticator: { from: 'set up', to: '' } },
      notice: 'authenticator removed',
      now,
    });
  });
  await accountSessionsChanged(deps, auth.accountId);
  deps.notifier.wake();
  return true;
}

// ---- recovery codes

export async function replaceRecoveryCodes(deps: Deps, auth: AuthContext, secureToken: string) {
  if (!(await hasFactor(deps.db, auth.accountId))) throw new AppError(ErrorNumber.FactorNotSetUp);
  await requireSecurityToken(deps, auth, secureToken);
  const now = deps.clock.now();
  const before = await repo.countRecoveryCodesLeft(deps.db, auth.accountId);
  const codes = await deps.db.transaction().execute(async (trx) => {
    const made = await makeRecoveryCodes(deps, trx, auth.accountId, now);
    await recordFactorChange(deps, trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'recovery-codes-replaced',
      changes: { RecoveryCodesLeft: { from: String(before), to: String(made.length) } },
      notice: 'recovery codes',
      now,
    });
    return made;
  });
  deps.notifier.wake();
  return { RecoveryCodes: codes };
}

// ---- the operator's (portal security reset) and the provider API's

/** Removes the account's passkeys, authenticator and recovery codes; audited and told. Whether anything went. */
export async function resetFactors(
  deps: Deps,
  accountId: string,
): Promise<{ passkeys: number; authenticator: boolean }> {
  const now = deps.clock.now();
  const removed = await deps.db.transaction().execute(async (trx) => {
    const passkeys = await repo.deletePasskeys(trx, accountId);
    const authenticator = await repo.deleteAuthenticator(trx, accountId);
    await repo.replaceRecoveryCodes(trx, accountId, [], now);
    // The operator resets after a lost or stolen device: every session ends, the thief's too.
    await revokeAccountSessions(trx, accountId, now);
    if (passkeys > 0 || authenticator) {
      await recordFactorChange(deps, trx, {
        accountId,
        sessionId: null,
        kind: 'second-factors-reset',
        changes: {
          Passkeys: { from: String(passkeys), to: '0' },
          Authenticator: { from: authenticator ? 'set up' : '', to: '' },
        },
        notice: 'second factors reset',
        now,
      });
    }
    return { passkeys, authenticator };
  });
  await accountSessionsChanged(deps, accountId);
  deps.notifier.wake();
  return removed;
}

export { secondFactorKinds } from './repository.ts';
