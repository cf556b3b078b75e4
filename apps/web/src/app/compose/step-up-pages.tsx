/**
 * /activationaccountdetails and /activationbankdetails: a passkey, the authenticator app or a
 * recovery code offered first when the account has one (security feature), the 4-digit code
 * screen in their place on request (access-code feature); either opens the edit the same way.
 */
import { CodeType } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  AccountDetailsCodePage,
  BankDetailsCodePage,
  finishStepUp,
} from '../../features/access-code/pages/access-code-page.tsx';
import { SecureEditStepUp } from '../../features/security/pages/secure-edit-step-up.tsx';
import { getAccessCodeType, type CodeTypeValue } from '../../lib/session/access-code.ts';

const DETAIL: Record<CodeTypeValue, string> = {
  [CodeType.Mobile]: 'mobile number',
  [CodeType.Email]: 'email address',
  [CodeType.Bank]: 'bank account details',
};

function StepUp({ codeType, codeScreen }: { codeType: CodeTypeValue; codeScreen: ReactNode }) {
  const navigate = useNavigate();
  return (
    <SecureEditStepUp
      codeType={codeType}
      detail={DETAIL[codeType]}
      codeScreen={codeScreen}
      onVerified={(answer) => finishStepUp(navigate, { ...answer, CodeType: codeType })}
    />
  );
}

export function AccountDetailsStepUpPage() {
  const codeType = getAccessCodeType();
  if (codeType === undefined) return <Navigate to="/account" replace />;
  return <StepUp key={codeType} codeType={codeType} codeScreen={<AccountDetailsCodePage />} />;
}

export function BankDetailsStepUpPage() {
  return <StepUp codeType={CodeType.Bank} codeScreen={<BankDetailsCodePage />} />;
}
