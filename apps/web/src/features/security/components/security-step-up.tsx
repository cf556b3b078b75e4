/**
 * The step-up before a factor change (CodeType 3): a passkey or the authenticator app first when
 * the account has one, else (or on request) a 4-digit code sent to the channel on record. The
 * code screen is the portal's one access-code form, handed in by the app (features do not import
 * each other). The secure token it yields is good for one change, in this session only.
 */
import { SECURITY_CODE_TYPE, type CodeSentResponse, type SecurityFactorsResponse } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { sendSecurityCode, stepUp, stepUpWithPasskey } from '../api/step-up.ts';
import { availableOf } from '../lib/available.ts';
import { FactorChoice, hasAnyFactor } from './factor-choice.tsx';
import { BackToFactors } from './factor-first.tsx';
import styles from './security.module.css';

type CodeFormProps = {
  /** Sends a code (when the form opens and on re-send); resolves with where it went. */
  send: () => Promise<CodeSentResponse>;
  /** Checks a code; throws the request error when it is not accepted. */
  verify: (code: string) => Promise<void>;
  onCancel: () => void;
};

export type RenderCodeForm = (props: CodeFormProps) => ReactNode;

type SecurityStepUpProps = {
  factors: SecurityFactorsResponse;
  /** What the claimant is about to do, e.g. 'add a passkey'. */
  purpose: string;
  renderCodeForm: RenderCodeForm;
  onToken: (secureToken: string) => void;
  onCancel: () => void;
  /** Prefix of its ids and test ids: another block of the same page may be stepping up at once. */
  idPrefix?: string;
};

export function SecurityStepUp({
  factors,
  purpose,
  renderCodeForm,
  onToken,
  onCancel,
  idPrefix = 'security-step-up',
}: SecurityStepUpProps) {
  const available = availableOf(factors);
  const [useCode, setUseCode] = useState(!hasAnyFactor(available));

  return (
    <section className={styles.stack} aria-labelledby={`${idPrefix}-heading`} data-testid={idPrefix}>
      <h3 id={`${idPrefix}-heading`} className={styles.subheading} tabIndex={-1}>
        Confirm it is you
      </h3>
      <p className={styles.muted}>Before you {purpose}, we need to check it is you.</p>
      {useCode || !available ? (
        <>
          {renderCodeForm({
            send: sendSecurityCode,
            verify: async (code) => {
              const answer = await stepUp(SECURITY_CODE_TYPE, { Method: 'Code', SecurityCode: code });
              onToken(answer.SecureToken);
            },
            onCancel,
          })}
          {available && hasAnyFactor(available) ? (
            <BackToFactors available={available} onClick={() => setUseCode(false)} testId={`${idPrefix}-factors`} />
          ) : null}
        </>
      ) : (
        <>
          <FactorChoice
            available={available}
            idPrefix={idPrefix}
            withPasskey={() => stepUpWithPasskey(SECURITY_CODE_TYPE)}
            withCode={(method, code) => stepUp(SECURITY_CODE_TYPE, { Method: method, Code: code })}
            onVerified={(answer) => onToken(answer.SecureToken)}
            onChooseCode={() => setUseCode(true)}
          />
          <div className={styles.row}>
            <button
              type="button"
              className="button button--secondary"
              onClick={onCancel}
              data-testid={`${idPrefix}-cancel`}
            >
              Cancel
            </button>
          </div>
        </>
      )}
    </section>
  );
}
