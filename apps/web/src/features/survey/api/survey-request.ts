/**
 * The survey calls' common path: the stored survey token (lib/survey-session.ts) is sent as
 * AccessToken (lib/request.ts `token`), never the claimant's session token. Silent: the survey
 * pages say what went wrong in place. A token-expired answer ends the survey session: the token
 * is cleared and the caller sends the person back to /surveyvalidation (`isSurveySessionEnded`).
 */
import { ErrorNumber, isTokenExpiredNumber, type Endpoint } from '@portal/contracts';
import { request, type RequestBody } from '../../../lib/request.ts';
import { RequestError, isRequestError } from '../../../lib/request-error.ts';
import { clearSurveyToken, getSurveyToken } from '../../../lib/survey-session.ts';

export async function surveyRequest<T>(
  endpoint: Endpoint,
  body: RequestBody = {},
  loadingMessage?: string,
): Promise<T> {
  const token = getSurveyToken();
  if (!token) {
    throw new RequestError('server', [
      { Number: ErrorNumber.TokenMissing, Message: 'Your self-assessment session has ended.' },
    ]);
  }
  try {
    return await request<T>(endpoint, body, { silent: true, token, ...(loadingMessage ? { loadingMessage } : {}) });
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
