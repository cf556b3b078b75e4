/**
 * Second factors (decision 029): what the claimant has, how each answers a step-up or
 * the sign-in verification in place of a 4-digit code, and every change of them — each behind a
 * step-up of CodeType 3 (a Security secure token, spent once), audited and told to the claimant
 * on every channel on record in the change's transaction.
 */
import crypto from 'node:crypto';
import {
  AccountActivated,
  ErrorNumber,
  SECURITY_CODE_TYPE,
  SECURITY_LIMITS,
  type FactorKindsResponse,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
  type PasskeySummary,
  type SecurityFactorsResponse,
} from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { FactorProof, StepUpProof } from '@portal/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { deriveKey, hmac, newId } from '../../lib/crypto.ts';
import { lockAccount } from '../access-code/repository.ts';
import { checkAccessCode, guessWithinBudget, sendAccessCode } from '../access-code/service.ts';
import { completeLogin, consumeSecureToken, grantSecureToken } from '../access-code/sign-in.ts';
import { queueSecurityNotice, type SecurityChange } from '../account/security-notice.ts';
import { recordFailure, recordSuccess, throttledError, throttleKeys, throttleWait } from '../account/throttle.ts';
import { recordAudit, type Change } from '../audit/repository.ts';
import { recogniseDevice } from '../device/service.ts';
import { accountSessionsChanged, endSession, startSession, type AuthContext } from '../session/service.ts';
import { revokeAccountSessions } from '../session/repository.ts';
import * as repo from './repository.ts';
import { matchingStep, newSecret, openSecret, sealSecret, totpFor } from './totp.ts';
import { authenticationOptions, checkAssertion, checkRegistration, registrationOptions } from './webauthn.ts';

type Proof = z.output<typeof FactorProof>;
type AnyProof = z.output<typeof StepUpProof>;

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SETUP_LIFETIME_MS = SECURITY_LIMITS.setupLifetimeMinutes * 60_000;

function summary(p: { id: string; name: string; created_at: number; last_used_at: number | null }): PasskeySummary {
  return {
    Id: p.id,
    Name: p.name,
    CreatedAt: Number(p.created_at),
    LastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
  };
}

function recoveryHash(deps: Deps, accountId: string, code: string, key = deps.hmacKey): string {
  return hmac(key, `recovery:${accountId}:${code}`);
}

/**
 * A recovery code lives for years, across key rotations: it is checked under the data key, then
 * under each previous key still listed (DATA_ENCRYPTION_KEYS_PREVIOUS; docs/operations/key-rotation.md).
 */
function recoveryHashes(deps: Deps, accountId: string, code: string): string[] {
  const keys = [deps.hmacKey, ...deps.config.previousEncryptionKeys.map((k) => deriveKey(k, 'hmac'))];
  return keys.map((key) => recoveryHash(deps, accountId, code, key));
}

async function spendRecoveryCode(deps: Deps, accountId: string, code: string, now: number): Promise<boolean> {
  for (const hash of recoveryHashes(deps, accountId, code)) {
    if (await repo.useRecoveryCode(deps.db, accountId, hash, now)) return true;
  }
  return false;
}

/** Ten codes of 10 characters from a 32-letter alphabet (50 bits each), shown as ABCDE-FGHJK. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: SECURITY_LIMITS.recoveryCodes }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Has the account a passkey or a confirmed authenticator (the factors recovery codes stand in for)? */
async function hasFactor(db: Deps['db'] | Transaction<Database>, accountId: string): Promise<boolean> {
  const authenticator = await repo.findAuthenticator(db, accountId);
  return (await repo.countPasskeys(db, accountId)) > 0 || (authenticator?.confirmed_at ?? null) !== null;
}

/** Makes the account's 10 recovery codes (replacing any), in the caller's transaction: the codes, to show once. */
async function makeRecoveryCodes(deps: Deps, trx: Transaction<Database>, accountId: string, now: number) {
  const codes = newRecoveryCodes();
  const hashes = codes.map((c) => recoveryHash(deps, accountId, c.replace('-', '')));
  await repo.replaceRecoveryCodes(trx, accountId, hashes, now);
  return codes;
}

/** Audits a factor change and tells the claimant, in the change's transaction. */
async function recordFactorChange(
  deps: Deps,
  trx: Transaction<Database>,
  input: {
    accountId: string;
    sessionId: string | null;
    kind: string;
    changes: Record<string, Change>;
    notice: SecurityChange;
    now: number;
  },
): Promise<void> {
  await recordAudit(trx, {
    accountId: input.accountId,
    sessionId: input.sessionId,
    kind: input.kind,
    changes: input.changes,
    at: input.now,
  });
  await queueSecurityNotice(deps, trx, input.now, { accountId: input.accountId, change: input.notice });
}

/** A factor change needs this session's Security secure token (a step-up of CodeType 3), spent once. */
async function requireSecurityToken(deps: Deps, auth: AuthContext, token: string): Promise<void> {
  if (!(await consumeSecureToken(deps, auth, token, SECURITY_CODE_TYPE)))
    throw new AppError(ErrorNumber.SecureTokenRequired);
}

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

// ---- proving a factor

async function proveAuthenticator(deps: Deps, accountId: string, code: string): Promise<void> {
  const authenticator = await repo.findAuthenticator(deps.db, accountId);
  if (!authenticator || authenticator.confirmed_at === null) throw new AppError(ErrorNumber.FactorNotSetUp);
  const secret = openSecret(deps, authenticator.id, authenticator.secret_enc);
  const ok = await guessWithinBudget(deps, accountId, async () => {
    const step = matchingStep(deps, secret, code, deps.clock.now());
    return step !== null && (await repo.spendTotpStep(deps.db, authenticator.id, step));
  });
  if (!ok) throw new AppError(ErrorNumber.AuthenticatorCodeIncorrect);
}

async function proveRecoveryCode(deps: Deps, accountId: string, sessionId: string, code: string): Promise<void> {
  if ((await repo.countRecoveryCodesLeft(deps.db, accountId)) === 0) throw new AppError(ErrorNumber.FactorNotSetUp);
  const now = deps.clock.now();
  const ok = await guessWithinBudget(deps, accountId, () => spendRecoveryCode(deps, accountId, code, now));
  if (!ok) throw new AppError(ErrorNumber.RecoveryCodeIncorrect);
  const left = await repo.countRecoveryCodesLeft(deps.db, accountId);
  await deps.db.transaction().execute((trx) =>
    recordFactorChange(deps, trx, {
      accountId,
      sessionId,
      kind: 'recovery-code-used',
      changes: { RecoveryCodesLeft: { from: String(left + 1), to: String(left) } },
      notice: 'recovery code used',
      now,
    }),
  );
  deps.notifier.wake();
}

/** A passkey, authenticator or recovery code proves it is the claimant; throws its catalogue number. */
async function proveFactor(
  deps: Deps,
  auth: AuthContext,
  proof: Proof,
  passkey: { purpose: 'stepup' | 'verify'; codeType?: number; notPasskeyId?: string | null },
): Promise<void> {
  if (proof.Method === 'Passkey') {
    const used = await checkAssertion(deps, proof.Response as PasskeyAuthenticationResponse, passkey.purpose, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      ...(passkey.codeType !== undefined ? { codeType: passkey.codeType } : {}),
    });
    // The passkey that signed this session in proves nothing more the second time.
    if (passkey.notPasskeyId && used.id === passkey.notPasskeyId) throw new AppError(ErrorNumber.FactorNotAccepted);
    return;
  }
  if (proof.Method === 'Authenticator') return proveAuthenticator(deps, auth.accountId, proof.Code);
  return proveRecoveryCode(deps, auth.accountId, auth.sessionId, proof.Code);
}

// ---- step-up (a secure edit, or a factor change)

export function sendSecurityCode(deps: Deps, auth: AuthContext) {
  return sendAccessCode(deps, { accountId: auth.accountId, purpose: 'secure', codeType: SECURITY_CODE_TYPE });
}

export async function stepUpPasskeyOptions(deps: Deps, auth: AuthContext, codeType: number) {
  const options = await authenticationOptions(deps, 'stepup', {
    accountId: auth.accountId,
    sessionId: auth.sessionId,
    codeType,
  });
  return { Options: options };
}

export async function stepUp(deps: Deps, auth: AuthContext, codeType: number, proof: AnyProof) {
  if (proof.Method === 'Code') {
    await checkAccessCode(deps, { accountId: auth.accountId, purpose: 'secure', codeType, code: proof.SecurityCode });
  } else {
    await proveFactor(deps, auth, proof, { purpose: 'stepup', codeType });
  }
  const granted = await grantSecureToken(deps, auth, codeType);
  return { ...granted, CodeType: codeType as 0 | 1 | 2 | 3 };
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

/** With the last factor gone, its recovery codes go too: they stand in for a factor. */
async function dropRecoveryCodesWhenNoFactor(trx: Transaction<Database>, accountId: string, now: number) {
  if (!(await hasFactor(trx, accountId))) await repo.replaceRecoveryCodes(trx, accountId, [], now);
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

// ---- the sign-in verification (a pending verification session)

export async function loginFactors(deps: Deps, auth: AuthContext): Promise<FactorKindsResponse> {
  if (auth.kind !== 'verification') return { Passkey: false, Authenticator: false, RecoveryCode: false };
  const kinds = await repo.factorKinds(deps.db, auth.accountId);
  const signedInWith = await repo.findSessionPasskey(deps.db, auth.sessionId);
  return {
    Passkey: kinds.passkeys - (signedInWith ? 1 : 0) > 0,
    Authenticator: kinds.authenticator,
    RecoveryCode: kinds.recoveryCodesLeft > 0,
  };
}

/** Activation proves the claimant's channel for the first time: only a code to it will do. */
function requireVerification(auth: AuthContext): void {
  if (auth.kind !== 'verification') throw new AppError(ErrorNumber.FactorNotSetUp);
}

export async function loginPasskeyOptions(deps: Deps, auth: AuthContext) {
  requireVerification(auth);
  const signedInWith = await repo.findSessionPasskey(deps.db, auth.sessionId);
  return {
    Options: await authenticationOptions(
      deps,
      'verify',
      { accountId: auth.accountId, sessionId: auth.sessionId },
      signedInWith,
    ),
  };
}

export async function verifyLogin(deps: Deps, auth: AuthContext, proof: Proof): Promise<{ AccessToken: string }> {
  requireVerification(auth);
  const signedInWith = await repo.findSessionPasskey(deps.db, auth.sessionId);
  await proveFactor(deps, auth, proof, { purpose: 'verify', notPasskeyId: signedInWith });
  return completeLogin(deps, auth);
}

// ---- sign-in with a passkey alone

export async function passkeySignInOptions(deps: Deps) {
  return { Options: await authenticationOptions(deps, 'signin') };
}

/**
 * The account's throttles apply as to a password (its username's count and the address's), and
 * each failure counts. A passkey with user verification is possession and a PIN or biometric at
 * once, so it also answers the "browser not seen" rule (the browser is remembered, like after a
 * code); VerifySignIn from the claims system still asks for a verification, which this same
 * passkey cannot answer (another passkey, the authenticator, a recovery code or a 4-digit code can).
 */
export async function passkeySignIn(
  deps: Deps,
  input: {
    response: PasskeyAuthenticationResponse;
    rememberMe: boolean;
    address: string;
    previousToken?: string | undefined;
    deviceId: string | null;
  },
): Promise<{ AccessToken: string; AccountActivated: 1 | 2; accountId: string }> {
  const known = await repo.findPasskeyByCredentialId(deps.db, input.response.id);
  const account = known ? await repo.findSignInAccount(deps.db, known.account_id) : undefined;
  // No account named: the address's count alone (the username part is a key nobody signs in with).
  const keys = throttleKeys(account?.username ?? `passkey:${input.response.id}`, input.address);
  const wait = await throttleWait(deps, keys);
  if (wait > 0) throw throttledError(wait);
  let passkeyId: string;
  try {
    if (!account || account.activated !== 1) throw new AppError(ErrorNumber.FactorNotAccepted);
    passkeyId = (await checkAssertion(deps, input.response, 'signin')).id;
  } catch (e) {
    await recordFailure(deps, keys);
    throw e;
  }
  await recordSuccess(deps, keys);
  await endSession(deps, input.previousToken);
  const outcome = account.verify_sign_in === 1 ? AccountActivated.VerificationRequired : AccountActivated.Activated;
  // A known browser is seen again (its 90 days start over), as at a password sign-in.
  await recogniseDevice(deps, account.id, input.deviceId);
  const { token } = await startSession(deps, {
    accountId: account.id,
    kind: outcome === AccountActivated.Activated ? 'login' : 'verification',
    rememberMe: input.rememberMe,
    // VerifySignIn's verification then takes something other than this passkey.
    passkeyId,
  });
  return { AccessToken: token, AccountActivated: outcome, accountId: account.id };
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
