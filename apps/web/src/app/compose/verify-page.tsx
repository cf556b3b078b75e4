/**
 * /verify: a passkey, the authenticator app or a recovery code offered first when the account has
 * one (security feature), the 4-digit code screen in their place on request (access-code feature);
 * either finishes the sign-in the same way.
 */
import { useFinishSignIn, VerifyPage } from '../../features/access-code/pages/access-code-page.tsx';
import { SignInVerification } from '../../features/security/pages/sign-in-verification.tsx';

export function VerifyWithFactorsPage() {
  const finish = useFinishSignIn('verify');
  return <SignInVerification codeScreen={<VerifyPage />} onVerified={finish} />;
}
