/**
 * /verify with a second factor (a browser not seen for 90 days, a claimant the claims system asks
 * to verify every time, and the password reset's code step): when the account has a passkey or
 * the authenticator app, they are offered first and NO code is sent until the claimant asks for
 * one; the 4-digit code screen is one press away, and a recovery code is the last resort. With no
 * factor (or when the check cannot be made) the code screen opens as it always has.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { loginFactors, verifyLogin, verifyLoginWithPasskey } from '../api/sign-in-factors.ts';
import { FactorChoice, hasAnyFactor } from '../components/factor-choice.tsx';
import styles from '../components/security.module.css';

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
    staleTime: 0,
    gcTime: 0,
  });
  const [useCode, setUseCode] = useState(false);
  const available = factors.data
    ? {
        passkey: factors.data.Passkey,
        authenticator: factors.data.Authenticator,
        recoveryCode: factors.data.RecoveryCode,
      }
    : null;

  if (factors.isPending) {
    return (
      <div className="page-narrow">
        <p role="status" data-testid="verify-factors-loading">
          Getting ready…
        </p>
      </div>
    );
  }
  if (useCode || !available || !hasAnyFactor(available)) {
    return (
      <>
        {codeScreen}
        {available && hasAnyFactor(available) ? (
          <div className="page-narrow">
            <button
              type="button"
              className="link-button"
              onClick={() => setUseCode(false)}
              data-testid="verify-back-to-factors"
            >
              {available.passkey
                ? 'Use a passkey or your authenticator app instead'
                : 'Use your authenticator app instead'}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="verify-factor-heading" data-testid="verify-factors">
        <h2 id="verify-factor-heading">Confirm it is you</h2>
        <p className={styles.muted}>
          To finish signing in, use {available.passkey ? 'your passkey' : 'your authenticator app'}. We have not sent
          you a code.
        </p>
        <FactorChoice
          available={available}
          idPrefix="verify"
          withPasskey={verifyLoginWithPasskey}
          withCode={(method, code) => verifyLogin({ Method: method, Code: code })}
          onVerified={(answer) => onVerified(answer.AccessToken)}
          onChooseCode={() => setUseCode(true)}
        />
      </section>
    </div>
  );
}
