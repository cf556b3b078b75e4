/**
 * /forgotusername (spec 001 "Forgot username"): on success the username has been sent to the
 * e-mail or mobile on record, and /sentusername is told how (route state `sentBy`).
 */
import { useNavigate } from 'react-router';
import { retrieveUsername } from '../api/retrieve-username.ts';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { RecoveryPage } from '../components/recovery-page.tsx';
import { SENT_USERNAME_STATE, type SentUsernameState } from './sent-username-state.ts';

export function ForgotUsernamePage() {
  const navigate = useNavigate();

  const onSubmit = async (values: RecoveryValues) => {
    const { SentBy } = await retrieveUsername(values);
    const state: SentUsernameState = { [SENT_USERNAME_STATE]: SentBy };
    await navigate('/sentusername', { state });
  };

  return (
    <RecoveryPage
      name="forgot-username"
      heading="Find your username"
      submitLabel="Send my username"
      onSubmit={onSubmit}
    >
      Your username is the email address you registered with. Tell us who you are and we will send it to the email
      address or mobile number we have for you.
    </RecoveryPage>
  );
}
