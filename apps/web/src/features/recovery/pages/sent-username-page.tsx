/**
 * /sentusername (spec 001 "Username sent"): guarded — without route state naming the send method
 * the claimant goes to /login (spec 000 §4). Says that if the e-mail or mobile number is in the
 * system the username has been sent, shows the help line and a link back to sign in.
 */
import { Link, Navigate, useLocation } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { provider } from '../../../lib/content/provider.ts';
import { sentByOf } from './sent-username-state.ts';

export function SentUsernamePage() {
  const location = useLocation();
  const sentBy = sentByOf(location.state);
  if (!sentBy) return <Navigate to="/login" replace />;

  const how = sentBy === 'SMS' ? 'by SMS to your mobile number' : 'by email to your email address';
  const channel = sentBy === 'SMS' ? 'mobile number' : 'email address';

  return (
    <div className="page-narrow">
      <section
        className="card"
        aria-labelledby="sent-username-heading"
        data-testid="sent-username"
        data-sent-by={sentBy}
      >
        <div className="callout callout--success">
          <Icon name="tick" />
          <div>
            <h2 id="sent-username-heading">Check your {sentBy === 'SMS' ? 'messages' : 'email'}</h2>
            <p data-testid="sent-username-message">
              If your {channel} is in our system, we have sent your username {how}.
            </p>
          </div>
        </div>
        <p>It can take a few minutes to arrive. Your username is the email address you use to sign in.</p>
        <p>
          If nothing arrives, call us on <PhoneLink />, {provider.callHours}.
        </p>
        <Link to="/login" className="button" data-testid="sent-username-sign-in">
          Back to sign in
        </Link>
      </section>
    </div>
  );
}
