/**
 * /surveyoutro (spec 001 "Survey"): the closing message (server HTML, sanitised), then Register
 * for a person without a portal account or Sign in for one who has. Loading it ends the survey
 * session: the server closes it and the stored survey token is cleared (api/get-outro.ts), so a
 * reload of this page goes back to the identity check.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { getSurveyToken } from '../../../lib/session/survey-session.ts';
import { getOutro, outroKey } from '../api/get-outro.ts';
import styles from './survey-pages.module.css';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

function RegisterOrSignIn({ registered }: { registered: boolean | undefined }) {
  return (
    <div className={styles.outroActions}>
      {registered !== true ? (
        <>
          <p>Register for the portal to send us documents, claim reimbursements and read your messages online.</p>
          <p>
            <Link to="/register" className="button" data-testid="survey-outro-register">
              Register
            </Link>
          </p>
        </>
      ) : null}
      {registered !== false ? (
        <>
          <p>Sign in to the portal to manage your claim online.</p>
          <p>
            <Link to="/login" className="button" data-testid="survey-outro-login">
              Sign in
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}

export function SurveyOutroPage() {
  // The token this page was opened with: getOutro clears the stored one.
  const [token] = useState(getSurveyToken);
  const query = useQuery({
    queryKey: outroKey(token),
    queryFn: getOutro,
    ...FRESHNESS.oncePerOpening,
    refetchOnReconnect: false,
  });

  if (query.isPending) {
    return (
      <p className={styles.lead} role="status" data-testid="survey-outro-loading">
        Loading…
      </p>
    );
  }

  if (query.isError) {
    return (
      <div className="page-narrow">
        <section className="card" data-testid="survey-outro">
          <div className="callout">
            <Icon name="info" />
            <p>
              Thank you for your time. If you need help now, call us on <PhoneLink />.
            </p>
          </div>
          <RegisterOrSignIn registered={undefined} />
        </section>
      </div>
    );
  }

  return (
    <div className="page-narrow">
      <section className="card" data-testid="survey-outro" data-registered={query.data.IsRegistered ? 'true' : 'false'}>
        <SafeHtml html={query.data.OutroMessage} data-testid="survey-outro-message" />
        <RegisterOrSignIn registered={query.data.IsRegistered} />
      </section>
    </div>
  );
}
