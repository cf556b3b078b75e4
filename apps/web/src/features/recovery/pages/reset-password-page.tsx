/**
 * /resetpassword (spec 001 "Reset password"). The route's guard (app/guards.ts) lets in only a
 * signed-out visitor with a stored reset token. Greets the claimant by first name.
 *
 * Success changes nothing yet (docs/decisions/008 and 023): the reset state is cleared, then
 * AccountActivated false → the registration token is stored and /activate sends the activation
 * code; true → the verification token is stored and /verify sends a sign-in code. The new
 * password takes effect when that code, sent to the e-mail or mobile on record, is entered.
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { clearPasswordReset, getPasswordReset } from '../../../lib/session/password-reset.ts';
import { saveRegistrationToken, saveVerificationToken } from '../../../lib/session/session.ts';
import { resetPassword, type ResetPasswordValues } from '../api/reset-password.ts';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [reset] = useState(getPasswordReset);
  const [refused, setRefused] = useState(false);
  if (!reset) return <Navigate to="/login" replace />;

  const onSubmit = async (values: ResetPasswordValues) => {
    const result = await resetPassword(values);
    clearPasswordReset();
    if (result.AccountActivated) {
      saveVerificationToken(result.AccessToken);
      await navigate('/verify', { replace: true });
    } else {
      saveRegistrationToken(result.AccessToken);
      await navigate('/activate', { replace: true });
    }
  };

  const onTokenRefused = () => {
    clearPasswordReset();
    setRefused(true);
  };

  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="reset-heading">
        <h2 id="reset-heading" data-testid="reset-greeting">
          {reset.FirstName ? `Hello ${reset.FirstName}` : 'Hello'}
        </h2>
        <p>Choose a new password for your account.</p>
        <p>
          Then we send a code to the email or mobile we hold for you. Your new password works once you enter that code;
          until then your old password still works.
        </p>
        <ResetPasswordForm token={reset.ResetPasswordToken} onSubmit={onSubmit} onTokenRefused={onTokenRefused} />
        {refused ? (
          <p className="card-footer">
            <Link to="/forgotpassword" data-testid="reset-start-again">
              Start again
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
