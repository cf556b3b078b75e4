/**
 * One question of the self-assessment: its text (server HTML, sanitised) is the label of a
 * dropdown whose first option is "Please Select". The answer is saved as soon as it is chosen; a
 * polite status under the dropdown says "Saving…" then "Saved".
 */
import type { SurveyQuestion as Question } from '@portal/contracts';
import { Icon } from '../../../components/icon.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import styles from './survey-question.module.css';

export type SaveStatus = 'saving' | 'saved' | 'error';

export const PLEASE_SELECT = 'Please Select';

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

export function surveyQuestionId(questionId: number): string {
  return `survey-question-${questionId}`;
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
  const id = surveyQuestionId(question.QuestionId);
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const missing = Boolean(error);
  return (
    <div
      className={`${styles.question} ${missing ? styles.invalid : ''}`}
      data-testid="survey-question"
      data-question-id={question.QuestionId}
    >
      <label className={styles.label} htmlFor={id}>
        <span className={styles.position}>
          {position}
          <span className="visually-hidden">. </span>
        </span>
        <SafeHtml as="span" prose={false} html={question.QuestionString} className={styles.text} />
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
        data-testid={`survey-answer-${question.QuestionId}`}
      >
        <option value="">{PLEASE_SELECT}</option>
        {question.Answers.map((answer) => (
          <option key={answer.Value} value={answer.Value}>
            {answer.Label}
          </option>
        ))}
      </select>
      <p
        className={`${styles.status} ${status === 'error' ? styles.statusError : ''}`}
        id={statusId}
        role="status"
        data-testid={`survey-status-${question.QuestionId}`}
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
    </div>
  );
}
