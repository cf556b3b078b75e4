/**
 * Proving a second factor (decision 029): a passkey's assertion, the authenticator app's code (each
 * time step once) or a recovery code (each once), every guess counted against the account's budget.
 */
import { ErrorNumber, type PasskeyAuthenticationResponse } from '@portal/contracts';
import type { FactorProof } from '@portal/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { deriveKey } from '../../lib/crypto.ts';
import { guessWithinBudget } from '../access-code/service.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';
import { recordFactorChange, recoveryHash } from './factor-change.ts';
import { matchingStep, openSecret } from './totp.ts';
import { checkAssertion } from './webauthn.ts';

export type Proof = z.output<typeof FactorProof>;

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
export async function proveFactor(
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
