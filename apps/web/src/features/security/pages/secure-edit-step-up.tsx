/**
 * Before a bank, mobile or e-mail change: a claimant with a passkey or the authenticator app is
 * offered them first, in place of the 4-digit code (no code is sent until they ask for one). The
 * answer is the code's: a rotated session token (stored by stepUp) and a secure token for that
 * one kind of edit. With no factor, or when the factors cannot be read, the code screen opens as
 * it always has.
 */
import type { StepUpResponse } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useSecurityFactors } from '../api/security-factors.ts';
import { stepUp, stepUpWithPasskey } from '../api/step-up.ts';
import { FactorChoice, hasAnyFactor } from '../components/factor-choice.tsx';
import { availableOf } from '../lib/available.ts';
import styles from '../components/security.module.css';

type SecureEditStepUpProps = {
  codeType: 0 | 1 | 2;
  /** 'bank account details', 'mobile number', 'email address'. */
  detail: string;
  codeScreen: ReactNode;
  onVerified: (answer: StepUpResponse) => void | Promise<void>;
};

export function SecureEditStepUp({ codeType, detail, codeScreen, onVerified }: SecureEditStepUpProps) {
  const factors = useSecurityFactors();
  const [useCode, setUseCode] = useState(false);
  const available = availableOf(factors.data);

  if (factors.isPending) {
    return (
      <div className="page-narrow">
        <p role="status" data-testid="step-up-loading">
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
              data-testid="step-up-back-to-factors"
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
      <section className="card" aria-labelledby="step-up-heading" data-testid="step-up-factors">
        <h2 id="step-up-heading">Confirm it is you</h2>
        <p className={styles.muted}>Before you change your {detail}, we need to check it is you.</p>
        <FactorChoice
          available={available}
          idPrefix="step-up"
          withPasskey={() => stepUpWithPasskey(codeType)}
          withCode={(method, code) => stepUp(codeType, { Method: method, Code: code })}
          onVerified={onVerified}
          onChooseCode={() => setUseCode(true)}
        />
      </section>
    </div>
  );
}
