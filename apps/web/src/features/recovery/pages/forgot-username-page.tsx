/**
 * /forgotusername (spec 001 "Forgot username"): on success the username has been sent to the
 * e-mail or mobile on record, and /sentusername is told how (route state `sentBy`).
 */
import { Link, useNavigate } from 'react-router';
import { MaintenanceGate } from '../../../components/maintenance-gate.tsx';
import { retrieveUsername } from '../api/retrieve-username.ts';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { RecoveryForm } from '../components/recovery-form.tsx';
import { SENT_USERNAME_STATE, type SentUsernameState } from './sent-username-state.ts';

export function ForgotUsernamePage() {
  const navigate = useNavigate();

  const onSubmit = async (values: RecoveryValues) => {
    const { SentBy } = await retrieveUsername(values);
    const state: SentUsernameState = { [SENT_USERNAME_STATE]: SentBy };
    await navigate('/sentusername', { state });
  };

  return (
    <div className="page-narrow">
      <MaintenanceGate>
        <section className="card" aria-labelledby="forgot-username-heading">
          <h2 id="forgot-username-heading">Find your username</h2>
          <p>
            Your username is the email address you registered with. Tell us who you are and we will send it to the email
            address or mobile number we have for you.
          </p>
          <RecoveryForm name="forgot-username" submitLabel="Send my username" onSubmit={onSubmit} />
          <p className="card-footer">
            <Link to="/login">Back to sign in</Link>
          </p>
        </section>
      </MaintenanceGate>
    </div>
  );
}
