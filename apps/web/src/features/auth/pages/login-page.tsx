/**
 * /login and /login/m (spec 000 §2 "Sign-in"). The guard has already sent a signed-in claimant to
 * /claims; here we clear any half-finished registration or verification token (the spec's
 * "visiting the login page signs out any current user") and check for an app update.
 */
import { AccountActivated, CLIENT_MESSAGES, LIMITS } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CallHelp, PhoneLink } from '../../../components/phone-link.tsx';
import { markAuthenticatedActivity } from '../../../lib/session/activity.ts';
import { provider } from '../../../lib/content/provider.ts';
import { isRequestError, type AlertEntry } from '../../../lib/request/request-error.ts';
import { checkForAppUpdate } from '../../../lib/platform/service-worker.ts';
import {
  clearPendingTokens,
  clearSignedOutReason,
  saveLoginToken,
  saveRegistrationToken,
  saveVerificationToken,
  useSignedOutReason,
  type SignedOutReason,
} from '../../../lib/session/session.ts';
import { login, type LoginValues } from '../api/login.ts';
import { FeatureBlurbs } from '../components/feature-blurbs.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { PasskeySignIn, type PasskeySignInCeremony, type SignInAnswer } from '../components/passkey-sign-in.tsx';
import styles from './login-page.module.css';

const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  idle: CLIENT_MESSAGES.sessionIdleSignedOut,
  expired: CLIENT_MESSAGES.sessionExpiredSignedOut,
};

/**
 * `passkeyCeremony`: "Sign in with a passkey", whose ceremony is another feature's, handed in by
 * the app and downloaded on the press (the /login budget). It answers like the form: `signedIn`
 * takes it from there.
 */
export function LoginPage({ passkeyCeremony }: { passkeyCeremony?: PasskeySignInCeremony }) {
  const navigate = useNavigate();
  const signedOutReason = useSignedOutReason();
  const [error, setError] = useState<AlertEntry[] | null>(null);
  const [failureCount, setFailureCount] = useState(0);
  const failures = useRef(0);

  useEffect(() => {
    clearPendingTokens();
    checkForAppUpdate();
    // The reason is shown while the claimant is on this page, not the next time they come back.
    return () => clearSignedOutReason();
  }, []);

  const signedIn = async (response: SignInAnswer, rememberMe: boolean) => {
    clearSignedOutReason();
    // spec 000 §4 "Login outcome".
    if (response.AccountActivated === AccountActivated.Activated) {
      saveLoginToken(response.AccessToken, rememberMe);
      markAuthenticatedActivity();
      await navigate('/claims', { replace: true });
    } else if (response.AccountActivated === AccountActivated.VerificationRequired) {
      saveVerificationToken(response.AccessToken, rememberMe);
      await navigate('/verify');
    } else {
      // 0, or any other value: registration in progress.
      saveRegistrationToken(response.AccessToken);
      await navigate('/activate');
    }
  };

  const onSubmit = async (values: LoginValues) => {
    setError(null);
    try {
      const response = await login(values);
      failures.current = 0;
      // Drafts another account kept on this browser across a time-out go now (decision 017). Loaded
      // on demand: the mirror (and zod) are not part of /login's first download.
      void import('../../../lib/forms/draft-mirror.ts').then((mirror) =>
        mirror.forgetDrafts({ signedIn: values.EmailAddress }),
      );
      await signedIn(response, values.RememberMe);
    } catch (caught) {
      failures.current += 1;
      // spec 000 §4: at 5 or more failures the claimant goes to /forgotpassword.
      if (failures.current >= LIMITS.failedLoginsBeforeForgotPassword) {
        await navigate('/forgotpassword');
        return;
      }
      setError(isRequestError(caught) ? caught.entries : [{ message: CLIENT_MESSAGES.requestNotCompleted }]);
      setFailureCount(failures.current);
    }
  };

  return (
    <div className={styles.layout}>
      <section className={styles.signIn} aria-labelledby="signin-heading">
        {signedOutReason ? (
          <div className="callout callout--warning" role="status" data-testid="signed-out-reason">
            <p>{SIGNED_OUT_MESSAGES[signedOutReason]}</p>
          </div>
        ) : null}
        <p className={styles.lead}>
          This portal is for clients with an accepted claim with the {provider.name} ({provider.shortName}).
        </p>
        <h2 id="signin-heading">Sign in to your account</h2>
        <LoginForm onSubmit={onSubmit} error={error} failureCount={failureCount} />
        {passkeyCeremony ? (
          <PasskeySignIn ceremony={passkeyCeremony} onSignedIn={(answer) => signedIn(answer, false)} />
        ) : null}
        <ul className={styles.helpLinks}>
          <li>
            <Link to="/forgotusername">Forgot your username?</Link>
          </li>
          <li>
            <Link to="/forgotpassword">Forgot your password?</Link>
          </li>
        </ul>
        <div className={styles.register}>
          <h2>New to the portal?</h2>
          <p>If you have an accepted claim, you can register with your claim number.</p>
          <Link to="/register" className="button button--secondary button--block">
            Register
          </Link>
        </div>
      </section>

      <aside className={styles.aside} aria-labelledby="features-heading">
        <h2 id="features-heading">With the portal you can</h2>
        <FeatureBlurbs />
        <div className={styles.panel}>
          <h2>How are you going?</h2>
          <p>Tell us about your recovery and what support you need. You do not need to sign in.</p>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void navigate('/surveyvalidation')}
          >
            My self-assessment
          </button>
        </div>
        <div className={styles.panel}>
          <h2>Need help?</h2>
          <p>
            Call us on <PhoneLink />, {provider.callHours}.
          </p>
          <CallHelp />
        </div>
      </aside>
    </div>
  );
}
