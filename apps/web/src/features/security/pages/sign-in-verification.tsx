/**
 * /verify with a second factor (a browser not seen for 90 days, a claimant the claims system asks
 * to verify every time, and the password reset's code step): when the account has a passkey or
 * the authenticator app, they are offered first and NO code is sent until the claimant asks for
 * one; the 4-digit code screen is one press away, and a recovery code is the last resort. With no
 * factor (or when the check cannot be made) the code screen opens as it always has.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { loginFactors, verifyLogin, verifyLoginWithPasskey } from '../api/sign-in-factors.ts';
import { FactorFirst } from '../components/factor-first.tsx';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

type SignInVerificationProps = {
  /** The 4-digit code screen (it sends a code when it opens). */
  codeScreen: ReactNode;
  /** The login token: stored and the claimant goes on, as after a right code. */
  onVerified: (accessToken: string) => Promise<void>;
};

export function SignInVerification({ codeScreen, onVerified }: SignInVerificationProps) {
  const factors = useQuery({
    // Not under 'session': finishing the sign-in drops every 'session' query while this page is
    // still mounted, and a refetch with the new login token would be refused (28) and sign the
    // claimant out on their way to the claims.
    queryKey: ['pending', 'login-factors'],
    queryFn: loginFactors,
    retry: false,
    ...FRESHNESS.everyOpening,
  });
  const available = factors.data
    ? {
        passkey: factors.data.Passkey,
        authenticator: factors.data.Authenticator,
        recoveryCode: factors.data.RecoveryCode,
      }
    : null;

  return (
    <FactorFirst
      pending={factors.isPending}
      available={available}
      idPrefix="verify"
      intro={(a) =>
        `To finish signing in, use ${a.passkey ? 'your passkey' : 'your authenticator app'}. We have not sent you a code.`
      }
      codeScreen={codeScreen}
      withPasskey={verifyLoginWithPasskey}
      withCode={(method, code) => verifyLogin({ Method: method, Code: code })}
      onVerified={(answer) => onVerified(answer.AccessToken)}
    />
  );
}
