/**
 * POST /api/nid/getnidoutro: the closing message (HTML) and whether the person has a portal
 * account. It ends the survey session on the server, so the stored survey token is cleared as
 * soon as it answers (spec 001 §4 "The outro logs the user out").
 */
import type { CallAnswer } from '../../../lib/request/call.ts';
import { clearSurveyToken } from '../../../lib/session/survey-session.ts';
import { surveyRequest } from './survey-request.ts';

export type Outro = CallAnswer<'surveyOutro'>;

export async function getOutro(): Promise<Outro> {
  const outro = await surveyRequest('surveyOutro', {});
  clearSurveyToken();
  return outro;
}

export const outroKey = (token: string | undefined) => ['survey', 'outro', token ?? ''] as const;
