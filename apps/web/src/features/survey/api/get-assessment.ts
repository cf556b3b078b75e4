/** POST /api/nid/getnidassessment: the questions, each with the answer saved so far (or null). */
import { ENDPOINTS, type SurveyAssessment } from '@portal/contracts';
import type { z } from 'zod';
import { surveyRequest } from './survey-request.ts';

export type Assessment = z.infer<typeof SurveyAssessment>;

export function getAssessment(loadingMessage?: string): Promise<Assessment> {
  return surveyRequest<Assessment>(ENDPOINTS.surveyAssessment, {}, loadingMessage);
}

export const assessmentKey = (token: string | undefined) => ['survey', 'assessment', token ?? ''] as const;
