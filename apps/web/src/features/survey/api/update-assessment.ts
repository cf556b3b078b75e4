/**
 * POST /api/nid/updatenidassessment: saves the terms choice and the answers. The whole set is
 * sent every time (each question with its current answer, or null), so the server's copy never
 * depends on which earlier save arrived first.
 */
import type { Assessment } from './get-assessment.ts';
import { surveyRequest } from './survey-request.ts';

/** QuestionId → the chosen answer's Value ('' or absent: not answered). */
export type AnswerValues = Readonly<Record<number, string | undefined>>;

function answersBody(assessment: Assessment, acceptedTerms: boolean, values: AnswerValues) {
  return {
    FormID: assessment.FormID,
    AcceptedTerms: acceptedTerms,
    Questions: assessment.Questions.map((question) => {
      const value = values[question.QuestionId];
      const answer = value ? question.Answers.find((a) => a.Value === value) : undefined;
      return {
        QuestionId: question.QuestionId,
        CurrentAnswer: answer ? { Label: answer.Label, Value: answer.Value } : null,
      };
    }),
  };
}

/** The answers the server holds, as values. */
export function savedValues(assessment: Assessment): Record<number, string> {
  const values: Record<number, string> = {};
  for (const question of assessment.Questions) {
    if (question.CurrentAnswer) values[question.QuestionId] = question.CurrentAnswer.Value;
  }
  return values;
}

export function updateAssessment(
  assessment: Assessment,
  acceptedTerms: boolean,
  values: AnswerValues,
  loadingMessage?: string,
): Promise<boolean> {
  return surveyRequest('surveyUpdate', answersBody(assessment, acceptedTerms, values), loadingMessage);
}
