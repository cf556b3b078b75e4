/**
 * /forgotpassword (spec 001 "Forgot password"): success stores the reset token and the first
 * name (sessionStorage, lib/password-reset.ts) and goes to /resetpassword.
 */
import { Link, useNavigate } from 'react-router';
import { MaintenanceGate } from '../../../components/maintenance-gate.tsx';
import { savePasswordReset } from '../../../lib/password-reset.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { RecoveryForm } from '../components/recovery-form.tsx';

export function ForgotPasswordPage() {
  const navigate = useNavigate();

  const onSubmit = async (values: RecoveryValues) => {
    const result = await forgotPassword(values);
    savePasswordReset({ ResetPasswordToken: result.ResetPasswordToken, FirstName: result.FirstName });
    await navigate('/resetpassword');
  };

  return (
    <div className="page-narrow">
      <MaintenanceGate>
        <section className="card" aria-labelledby="forgot-password-heading">
          <h2 id="forgot-password-heading">Reset your password</h2>
          <p>
            Tell us who you are. Then you can choose a new password, and we send a code to your email or mobile to
            finish.
          </p>
          <RecoveryForm name="forgot-password" submitLabel="Continue" onSubmit={onSubmit} />
          <p className="card-footer">
            <Link to="/login">Back to sign in</Link>
          </p>
        </section>
      </MaintenanceGate>
    </div>
  );
}
