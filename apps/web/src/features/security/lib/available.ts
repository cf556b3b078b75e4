/** Which factors can answer a step-up, from what getfactors says the account has. */
import type { SecurityFactorsResponse } from '@portal/contracts';
import type { AvailableFactors } from '../components/factor-choice.tsx';

export function availableOf(factors: SecurityFactorsResponse | undefined): AvailableFactors | null {
  if (!factors) return null;
  return {
    passkey: factors.Passkeys.length > 0,
    authenticator: factors.Authenticator.SetUp,
    recoveryCode: factors.RecoveryCodesLeft > 0,
  };
}
