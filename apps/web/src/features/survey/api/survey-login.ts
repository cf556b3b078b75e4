/**
 * POST /api/nid/nidlogin (spec 001 §3, §7): the self-assessment's identity check by claim number
 * and date of birth, as typed ('NN/NNNNN', 'dd/mm/yyyy'; DeviceType web). It answers a survey
 * token (good for the survey calls only) and whether the terms were accepted before. Never sends
 * the claimant's session token. Silent: the page shows the outcome itself.
 */
import { DeviceType, MESSAGES } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type SurveyLoginValues = { ClaimNumber: string; DateOfBirth: string };
export type SurveyLoginResult = CallAnswer<'surveyLogin'>;

export function surveyLogin(values: SurveyLoginValues): Promise<SurveyLoginResult> {
  return call(
    'surveyLogin',
    { ClaimNumber: values.ClaimNumber, DateOfBirth: values.DateOfBirth, DeviceType: DeviceType.Web },
    { silent: true, withToken: false, loadingMessage: MESSAGES.processing },
  );
}
