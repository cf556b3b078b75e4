/**
 * Sends the person back to the identity check when the survey session has ended (the token
 * expired or was refused), saying why there. Returns true when it did.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isSurveySessionEnded } from '../api/survey-request.ts';
import type { SurveyValidationState } from './survey-validation-page.tsx';

export function useSurveyEnded(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!isSurveySessionEnded(error)) return false;
      const state: SurveyValidationState = { ended: true };
      void navigate('/surveyvalidation', { replace: true, state });
      return true;
    },
    [navigate],
  );
}
