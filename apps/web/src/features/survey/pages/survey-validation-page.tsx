/**
 * /surveyvalidation and /myneeds, "My self-assessment" (spec 001 "Survey"): the identity check.
 * On success the survey token is stored (its own key, not the claimant's session) and the person
 * goes on: terms not yet accepted → /surveyintro, accepted → /survey.
 *
 * Failed checks are counted (kept for this tab, so a reload does not hide the help); after more
 * than 2, 'Need help? Contact us on {phone}' appears (spec 001 §4, §8). The spec shows no other
 * message for a failed check; we also say in plain words that the details did not match — without
 * it a screen-reader user hears nothing at all after pressing Submit (WCAG 3.3.1, 4.1.3). Too
 * many attempts (102, 105, 131) and a claim closed for the day (132: call us) show the server's
 * message.
 */
import { ErrorNumber } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import {
  getSurveyLoginFailures,
  saveSurveyToken,
  setSurveyLoginFailures,
} from '../../../lib/session/survey-session.ts';
import { surveyLogin, type SurveyLoginValues } from '../api/survey-login.ts';
import { SurveyIdentityForm } from '../components/survey-identity-form.tsx';
import styles from './survey-pages.module.css';

/** Answers whose own words say what to do next: wait, or call. */
const SERVER_WORDS = new Set<number>([
  ErrorNumber.LoginThrottled,
  ErrorNumber.RateLimited,
  ErrorNumber.RecoveryThrottled,
  ErrorNumber.IdentityChecksClosed,
]);

/** spec 001 §4: "After more than 2 failed identity logins the help line appears." */
const HELP_AFTER_FAILURES = 2;

const NOT_MATCHED =
  'Those details do not match our records. Check your claim number and date of birth, then try again.';

export type SurveyValidationState = { ended?: boolean };

export function SurveyValidationPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const ended = (location.state as SurveyValidationState | null)?.ended === true;
  const [failures, setFailures] = useState(getSurveyLoginFailures);
  const [problem, setProblem] = useState<ReactNode>(null);
  const [problemKey, setProblemKey] = useState(0);

  const fail = (message: ReactNode) => {
    const count = failures + 1;
    setSurveyLoginFailures(count);
    setFailures(count);
    setProblem(message);
    setProblemKey((k) => k + 1);
  };

  const onSubmit = async (values: SurveyLoginValues) => {
    setProblem(null);
    try {
      const result = await surveyLogin(values);
      saveSurveyToken(result.AccessToken);
      setSurveyLoginFailures(0);
      await navigate(result.AcceptedTerms ? '/survey' : '/surveyintro');
    } catch (error) {
      if (!isRequestError(error)) throw error;
      if (error.kind !== 'server') {
        // Offline, timed out, …: the usual alert; not a failed identity check.
        showAlert(error.entries);
        return;
      }
      const first = error.items[0];
      if (first && SERVER_WORDS.has(first.Number)) {
        fail(<p>{first.Message}</p>);
        return;
      }
      fail(<p>{NOT_MATCHED}</p>);
    }
  };

  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="survey-validation-heading">
        <h2 id="survey-validation-heading">Check it is you</h2>
        <p>
          This short self-assessment asks how you are going, so we can see what support may help. It takes about 2
          minutes. First, tell us your claim number and date of birth.
        </p>
        {ended ? (
          <div className="callout" data-testid="survey-session-ended">
            <Icon name="info" />
            <p>
              Your self-assessment session has ended. Enter your details again to carry on. Answers you chose are kept.
            </p>
          </div>
        ) : null}
        <SurveyIdentityForm onSubmit={onSubmit} problem={problem} problemKey={problemKey} />
        {failures > HELP_AFTER_FAILURES ? (
          <p className={styles.help} data-testid="survey-help">
            Need help? Contact us on <PhoneLink />
          </p>
        ) : null}
      </section>
    </div>
  );
}
