/**
 * One question of the self-assessment. Its text (server HTML, sanitised) names the answer: a
 * question with a few answers (RADIO_LIMIT or fewer) is a group of radio buttons, its text the
 * legend, every answer in view; a longer list stays the spec's dropdown, its first option "Please
 * Select" (decision 036). The answer is saved as soon as it is chosen; a polite status under it
 * says "Saving…" then "Saved".
 */
import type { SurveyQuestion as Question } from '@portal/contracts';
import type { ReactNode } from 'react';
import { RadioGroup } from '../../../components/forms/radio-group.tsx';
import { Icon } from '../../../components/icon.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import styles from './survey-question.module.css';

export type SaveStatus = 'saving' | 'saved' | 'error';

const PLEASE_SELECT = 'Please Select';

/** Up to this many answers, all are shown as radio buttons (a choice a person can see whole). */
const RADIO_LIMIT = 7;

type SurveyQuestionProps = {
  question: Question;
  /** 'Question 3 of 10', read before the question. */
  position: string;
  value: string;
  status: SaveStatus | undefined;
  /** The form's message for this question (Submit was pressed with it unanswered). */
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** The id the form moves to when the question is unanswered: the dropdown, or the first radio. */
export function surveyQuestionId(questionId: number): string {
  return `survey-question-${questionId}`;
}

/** The question's position and text, a label's or a legend's content (phrasing only). */
function QuestionText({ position, html }: { position: string; html: string }) {
  return (
    <>
      <span className={styles.position}>{position}</span>
      <SafeHtml as="span" prose={false} phrasing html={html} className={styles.text} />
    </>
  );
}

function SaveStatusLine({ id, qid, status }: { id: string; qid: number; status: SaveStatus | undefined }) {
  return (
    <p
      className={`${styles.status} ${status === 'error' ? styles.statusError : ''}`}
      id={id}
      role="status"
      data-testid={`survey-status-${qid}`}
    >
      {status === 'saving' ? 'Saving…' : null}
      {status === 'saved' ? (
        <>
          <Icon name="tick" className={styles.statusIcon} />
          Saved
        </>
      ) : null}
      {status === 'error' ? 'Not saved yet. We will try again when you press Submit.' : null}
    </p>
  );
}

function QuestionBox({ qid, missing, children }: { qid: number; missing: boolean; children: ReactNode }) {
  return (
    <div
      className={`${styles.question} ${missing ? styles.invalid : ''}`}
      data-testid="survey-question"
      data-question-id={qid}
    >
      {children}
    </div>
  );
}

export function SurveyQuestionField({
  question,
  position,
  value,
  status,
  error,
  disabled,
  onChange,
}: SurveyQuestionProps) {
  const qid = question.QuestionId;
  const id = surveyQuestionId(qid);
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const missing = Boolean(error);

  if (question.Answers.length <= RADIO_LIMIT) {
    return (
      <QuestionBox qid={qid} missing={false}>
        <RadioGroup
          legend={<QuestionText position={position} html={question.QuestionString} />}
          idPrefix={id}
          name={id}
          options={question.Answers.map((answer, index) => ({
            value: answer.Value,
            label: answer.Label,
            id: index === 0 ? id : `${id}-${answer.Value}`,
            testId: `survey-answer-${qid}-${answer.Value}`,
          }))}
          value={value || null}
          onChange={onChange}
          error={error}
          disabled={disabled}
          data-testid={`survey-answer-${qid}`}
        />
        <SaveStatusLine id={statusId} qid={qid} status={status} />
      </QuestionBox>
    );
  }

  return (
    <QuestionBox qid={qid} missing={missing}>
      <label className={styles.label} htmlFor={id}>
        <QuestionText position={position} html={question.QuestionString} />
      </label>
      {missing ? (
        <p className={styles.error} id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? errorId : undefined}
        aria-required
        className={styles.select}
        data-testid={`survey-answer-${qid}`}
      >
        <option value="">{PLEASE_SELECT}</option>
        {question.Answers.map((answer) => (
          <option key={answer.Value} value={answer.Value}>
            {answer.Label}
          </option>
        ))}
      </select>
      <SaveStatusLine id={statusId} qid={qid} status={status} />
    </QuestionBox>
  );
}
