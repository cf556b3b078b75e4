/**
 * /surveyintro (spec 001 "Survey"): what the self-assessment is for and how long it takes (content
 * 'surveyintro', which links to the collection notice and the privacy policy), then "Would you
 * like to continue?".
 * - Yes: the terms are saved as accepted, then /survey.
 * - No: the terms are saved as not accepted, the assessment is submitted as it is, then
 *   /surveyoutro.
 * The answers the server holds are sent back unchanged with the terms choice (updatenidassessment
 * carries the whole set).
 */
import { MESSAGES } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContentDocument } from '../../../components/content-document.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { getAssessment } from '../api/get-assessment.ts';
import { submitAssessment } from '../api/submit-assessment.ts';
import { savedValues, updateAssessment } from '../api/update-assessment.ts';
import { useSurveyEnded } from './use-survey-ended.ts';
import styles from './survey-pages.module.css';

export function SurveyIntroPage() {
  const navigate = useNavigate();
  const ended = useSurveyEnded();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  const choose = async (accept: boolean) => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const assessment = await getAssessment(MESSAGES.processing);
      await updateAssessment(assessment, accept, savedValues(assessment), MESSAGES.processing);
      if (accept) {
        await navigate('/survey');
        return;
      }
      await submitAssessment(MESSAGES.processing);
      await navigate('/surveyoutro');
    } catch (error) {
      if (ended(error)) return;
      setBusy(false);
      setFailed(true);
      window.setTimeout(() => errorRef.current?.focus(), 0);
    }
  };

  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="survey-intro-heading">
        <h2 id="survey-intro-heading">Before you start</h2>
        <ContentDocument name="surveyintro" data-testid="survey-intro-content" />
        <div ref={errorRef} tabIndex={-1} role="alert" data-testid="survey-intro-error">
          {failed ? (
            <div className="callout callout--error">
              <Icon name="warning" />
              <p>
                Sorry, we could not save your choice. Check your internet connection and try again. If it keeps
                happening, call us on <PhoneLink />.
              </p>
            </div>
          ) : null}
        </div>
        <div role="group" aria-labelledby="survey-continue-question">
          <h3 id="survey-continue-question" className={styles.question}>
            Would you like to continue?
          </h3>
          <p className={styles.lead}>
            Choose Yes to answer the questions. If you would rather not, choose No: it does not change what you are
            entitled to.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              onClick={() => void choose(true)}
              disabled={busy}
              data-testid="survey-intro-yes"
            >
              Yes
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void choose(false)}
              disabled={busy}
              data-testid="survey-intro-no"
            >
              No
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
