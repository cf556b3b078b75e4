/** POST /api/nid/submitnidassessment: the assessment goes to the provider. */
import { surveyRequest } from './survey-request.ts';

export function submitAssessment(loadingMessage?: string): Promise<boolean> {
  return surveyRequest('surveySubmit', {}, loadingMessage);
}
