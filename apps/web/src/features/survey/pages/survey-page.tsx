/**
 * /survey, the questions (spec 001 "Survey", §4): one dropdown per question with "Please Select"
 * first; each answer is saved as soon as it is chosen; a returning person (or a reload) sees the
 * answers saved so far. Submit is unavailable until every question has an answer (aria-disabled:
 * pressing it then marks the unanswered questions and moves to the first, decision 010); it
 * waits for the last save, submits and goes to /surveyoutro. A person who has not accepted the
 * terms yet is sent to /surveyintro.
 *
 * The answers are kept by the saver (saved on the server, or chosen here); the form follows them
 * (react-hook-form's `values`) and checks them with the contracts' SurveyAnswers.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, SurveyAnswers } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { getSurveyToken } from '../../../lib/session/survey-session.ts';
import { assessmentKey, getAssessment } from '../api/get-assessment.ts';
import { submitAssessment } from '../api/submit-assessment.ts';
import { isSurveySessionEnded } from '../api/survey-request.ts';
import { SurveyQuestionField, surveyQuestionId } from '../components/survey-question.tsx';
import { useAnswerSaver } from './use-answer-saver.ts';
import { useSurveyEnded } from './use-survey-ended.ts';
import type { SurveyValidationState } from './survey-validation-page.tsx';
import styles from './survey-page.module.css';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

const resolver = zodResolver(SurveyAnswers);

export function SurveyPage() {
  const navigate = useNavigate();
  const ended = useSurveyEnded();
  const [token] = useState(getSurveyToken);
  const query = useQuery({
    queryKey: assessmentKey(token),
    queryFn: () => getAssessment(),
    ...FRESHNESS.everyOpening,
    refetchOnReconnect: false,
  });
  const assessment = query.data;
  const onSaveError = useCallback((error: unknown) => void ended(error), [ended]);
  const { values, status, choose, flush } = useAnswerSaver(assessment, onSaveError);
  const [submitting, setSubmitting] = useState(false);
  const [submitFailed, setSubmitFailed] = useState(false);
  const submitErrorRef = useRef<HTMLDivElement>(null);
  // From the press (the check answers a tick later) until the answers are sent or found missing.
  const pressed = useRef(false);
  const questions = assessment?.Questions ?? [];
  const answers = questions.map((q) => values[q.QuestionId] ?? '');
  const { handleSubmit, trigger, formState } = useForm<SurveyAnswers>({
    resolver,
    values: { Answers: answers },
    // A new answer keeps the marks Submit made; the check below updates them.
    resetOptions: { keepErrors: true, keepIsSubmitted: true, keepSubmitCount: true },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const answersKey = answers.join('\u0000');
  const marked = formState.submitCount > 0;
  // Once Submit has marked what is missing, every change is checked again: an answer clears its mark.
  useEffect(() => {
    if (marked) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when an answer changes
  }, [answersKey]);

  if (query.isError) {
    if (isSurveySessionEnded(query.error)) {
      const state: SurveyValidationState = { ended: true };
      return <Navigate to="/surveyvalidation" replace state={state} />;
    }
    return (
      <div className="page-narrow" data-testid="survey-load-error">
        <LoadFailed what="the questions" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }

  if (!assessment) {
    return (
      <p className={styles.loading} role="status" data-testid="survey-loading">
        Loading the questions…
      </p>
    );
  }

  if (!assessment.AcceptedTerms) return <Navigate to="/surveyintro" replace />;

  const answered = questions.filter((q) => values[q.QuestionId]).length;
  const complete = answered === questions.length && questions.length > 0;
  const canSubmit = complete && !submitting;

  const markMissing = (errors: FieldErrors<SurveyAnswers>) => {
    const first = questions.find((_, index) => errors.Answers?.[index]);
    if (first) document.getElementById(surveyQuestionId(first.QuestionId))?.focus();
  };

  const send = async () => {
    setSubmitting(true);
    setSubmitFailed(false);
    try {
      const saved = await flush();
      if (!saved) throw new Error('not saved');
      await submitAssessment(MESSAGES.processing);
      await navigate('/surveyoutro');
    } catch (error) {
      if (ended(error)) return;
      setSubmitting(false);
      setSubmitFailed(true);
      window.setTimeout(() => submitErrorRef.current?.focus(), 0);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || pressed.current) return;
    pressed.current = true;
    try {
      await handleSubmit(send, markMissing)();
    } finally {
      pressed.current = false;
    }
  };

  // What Submit still needs: the questions not answered, by number.
  const open = questions.flatMap((question, index) => (values[question.QuestionId] ? [] : [index + 1]));
  const unanswered =
    open.length > 3
      ? [`the ${open.length} questions still open, starting with question ${open[0]}`]
      : open.map((n) => `question ${n}`);
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className={styles.form}
      aria-busy={submitting || undefined}
      data-testid="survey-form"
    >
      <p className={styles.intro}>
        Choose the answer that fits you best for each question. Each answer is saved as soon as you choose it, so you
        can come back later.
      </p>
      <ol className={styles.questions}>
        {questions.map((question, index) => (
          <li key={question.QuestionId}>
            <SurveyQuestionField
              question={question}
              position={`Question ${index + 1} of ${questions.length}`}
              value={values[question.QuestionId] ?? ''}
              status={status[question.QuestionId]}
              error={formState.errors.Answers?.[index]?.message}
              disabled={submitting}
              onChange={(value) => choose(question.QuestionId, value)}
            />
          </li>
        ))}
      </ol>
      <p className={styles.progress} data-testid="survey-progress">
        You have answered {answered} of {questions.length} questions.
      </p>
      <div ref={submitErrorRef} tabIndex={-1} role="alert" data-testid="survey-submit-error">
        {submitFailed ? (
          <div className="callout callout--error">
            <Icon name="warning" />
            <p>
              Sorry, we could not send your answers just now. Your answers are kept. Check your internet connection and
              press Submit again. If it keeps happening, call us on <PhoneLink />.
            </p>
          </div>
        ) : null}
      </div>
      <button
        type="submit"
        className={`button ${styles.submit}`}
        aria-disabled={!canSubmit || undefined}
        aria-describedby="survey-submit-hint"
        data-testid="survey-submit-answers"
      >
        {submitting ? 'Please wait…' : 'Submit'}
      </button>
      <ButtonHint
        id="survey-submit-hint"
        className={styles.hint}
        needed={complete ? [] : unanswered}
        lead="To submit, answer"
        busy={submitting && MESSAGES.processing}
      />
    </form>
  );
}
