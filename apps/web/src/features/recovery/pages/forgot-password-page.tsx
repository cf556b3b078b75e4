/**
 * /forgotpassword (spec 001 "Forgot password"): success stores the reset token and the first
 * name (sessionStorage, lib/session/password-reset.ts) and goes to /resetpassword.
 */
import { useNavigate } from 'react-router';
import { savePasswordReset } from '../../../lib/session/password-reset.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { RecoveryPage } from '../components/recovery-page.tsx';

export function ForgotPasswordPage() {
  const navigate = useNavigate();

  const onSubmit = async (values: RecoveryValues) => {
    const result = await forgotPassword(values);
    savePasswordReset({ ResetPasswordToken: result.ResetPasswordToken, FirstName: result.FirstName });
    await navigate('/resetpassword');
  };

  return (
    <RecoveryPage name="forgot-password" heading="Reset your password" submitLabel="Continue" onSubmit={onSubmit}>
      Tell us who you are. Then you can choose a new password, and we send a code to your email or mobile to finish.
    </RecoveryPage>
  );
}
