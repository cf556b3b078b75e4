/** POST /api/nid/getnidassessment: the questions, each with the answer saved so far (or null). */
import type { CallAnswer } from '../../../lib/request/call.ts';
import { surveyRequest } from './survey-request.ts';

export type Assessment = CallAnswer<'surveyAssessment'>;

export function getAssessment(loadingMessage?: string): Promise<Assessment> {
  return surveyRequest('surveyAssessment', {}, loadingMessage);
}

export const assessmentKey = (token: string | undefined) => ['survey', 'assessment', token ?? ''] as const;
