/**
 * The survey calls' common path: the stored survey token (lib/session/survey-session.ts) is sent as
 * AccessToken (lib/request/request.ts `token`), never the claimant's session token. Silent: the survey
 * pages say what went wrong in place. A token-expired answer ends the survey session: the token
 * is cleared and the caller sends the person back to /surveyvalidation (`isSurveySessionEnded`).
 */
import { ErrorNumber, isTokenExpiredNumber } from '@portal/contracts';
import { call, type CallAnswer, type CallBody } from '../../../lib/request/call.ts';
import { RequestError, isRequestError } from '../../../lib/request/request-error.ts';
import { clearSurveyToken, getSurveyToken } from '../../../lib/session/survey-session.ts';

/** The calls made with the survey token. */
export type SurveyCall = 'surveyAssessment' | 'surveyUpdate' | 'surveySubmit' | 'surveyOutro';

export async function surveyRequest<K extends SurveyCall>(
  name: K,
  body: CallBody<K>,
  loadingMessage?: string,
): Promise<CallAnswer<K>> {
  const token = getSurveyToken();
  if (!token) {
    throw new RequestError('server', [
      { Number: ErrorNumber.TokenMissing, Message: 'Your self-assessment session has ended.' },
    ]);
  }
  try {
    // K is one of SurveyCall: TypeScript cannot follow a generic name through the overloads.
    const options = { silent: true, token, ...(loadingMessage ? { loadingMessage } : {}) };
    return (await call<SurveyCall>(name, body as CallBody<SurveyCall>, options)) as CallAnswer<K>;
  } catch (error) {
    if (isSurveySessionEnded(error)) clearSurveyToken();
    throw error;
  }
}

/** The survey token is no longer good (expired, ended by the outro, or missing). */
export function isSurveySessionEnded(error: unknown): boolean {
  return (
    isRequestError(error) && error.kind === 'server' && error.number !== undefined && isTokenExpiredNumber(error.number)
  );
}
