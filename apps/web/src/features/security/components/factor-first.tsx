/**
 * "Factor first, code on request": when the account has a passkey, the authenticator app or
 * recovery codes, they are offered before the 4-digit code, and NO code is sent until the
 * claimant asks for one; the code screen (which sends a code when it opens) is one press away,
 * with a way back. With no factor, or when the factors cannot be read, the code screen opens as
 * it always has. Used by the sign-in verification (/verify) and the bank, mobile and e-mail
 * step-ups; the parent reads the factors and says how each method is checked.
 */
import { useState, type ReactNode } from 'react';
import { FactorChoice, hasAnyFactor, type AvailableFactors } from './factor-choice.tsx';
import styles from './security.module.css';

type FactorFirstProps<T> = {
  /** The factors are still being read. */
  pending: boolean;
  /** What the account has; null when it could not be read. */
  available: AvailableFactors | null;
  /** Names this screen's parts: `${idPrefix}-factors`, `${idPrefix}-back-to-factors`, the choice's fields. */
  idPrefix: string;
  /** Under "Confirm it is you": why, and what to use. */
  intro: (available: AvailableFactors) => ReactNode;
  /** The 4-digit code screen (it sends a code when it opens). */
  codeScreen: ReactNode;
  withPasskey: () => Promise<T>;
  withCode: (method: 'Authenticator' | 'RecoveryCode', code: string) => Promise<T>;
  onVerified: (result: T) => void | Promise<void>;
};

export function FactorFirst<T>({
  pending,
  available,
  idPrefix,
  intro,
  codeScreen,
  withPasskey,
  withCode,
  onVerified,
}: FactorFirstProps<T>) {
  const [useCode, setUseCode] = useState(false);

  if (pending) {
    return (
      <div className="page-narrow">
        <p role="status" data-testid={`${idPrefix}-factors-loading`}>
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
            <BackToFactors
              available={available}
              onClick={() => setUseCode(false)}
              testId={`${idPrefix}-back-to-factors`}
            />
          </div>
        ) : null}
      </>
    );
  }

  const headingId = `${idPrefix}-factors-heading`;
  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby={headingId} data-testid={`${idPrefix}-factors`}>
        <h2 id={headingId}>Confirm it is you</h2>
        <p className={styles.muted}>{intro(available)}</p>
        <FactorChoice
          available={available}
          idPrefix={idPrefix}
          withPasskey={withPasskey}
          withCode={withCode}
          onVerified={onVerified}
          onChooseCode={() => setUseCode(true)}
        />
      </section>
    </div>
  );
}

/** Under the code screen: back to the passkey or authenticator app the account has. */
export function BackToFactors({
  available,
  onClick,
  testId,
}: {
  available: AvailableFactors;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button type="button" className="link-button" onClick={onClick} data-testid={testId}>
      {available.passkey ? 'Use a passkey or your authenticator app instead' : 'Use your authenticator app instead'}
    </button>
  );
}
