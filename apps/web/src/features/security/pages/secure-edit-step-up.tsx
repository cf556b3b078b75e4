/**
 * Before a bank, mobile or e-mail change: a claimant with a passkey or the authenticator app is
 * offered them first, in place of the 4-digit code (no code is sent until they ask for one). The
 * answer is the code's: a rotated session token (stored by stepUp) and a secure token for that
 * one kind of edit. With no factor, or when the factors cannot be read, the code screen opens as
 * it always has.
 */
import type { StepUpResponse } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useSecurityFactors } from '../api/security-factors.ts';
import { stepUp, stepUpWithPasskey } from '../api/step-up.ts';
import { FactorFirst } from '../components/factor-first.tsx';
import { availableOf } from '../lib/available.ts';

type SecureEditStepUpProps = {
  codeType: 0 | 1 | 2;
  /** 'bank account details', 'mobile number', 'email address'. */
  detail: string;
  codeScreen: ReactNode;
  onVerified: (answer: StepUpResponse) => void | Promise<void>;
};

export function SecureEditStepUp({ codeType, detail, codeScreen, onVerified }: SecureEditStepUpProps) {
  const factors = useSecurityFactors();
  return (
    <FactorFirst
      pending={factors.isPending}
      available={availableOf(factors.data)}
      idPrefix="step-up"
      intro={() => `Before you change your ${detail}, we need to check it is you.`}
      codeScreen={codeScreen}
      withPasskey={() => stepUpWithPasskey(codeType)}
      withCode={(method, code) => stepUp(codeType, { Method: method, Code: code })}
      onVerified={onVerified}
    />
  );
}
