import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { findAssessment, findOutro, saveAssessment, submitAssessment, surveyLogin } from './service.ts';

export function surveyRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.surveyLogin,
    ({ body, request }) =>
      surveyLogin(deps, { claimNumber: body.ClaimNumber, dateOfBirth: body.DateOfBirth, address: request.ip }),
    { rateLimit: { max: 10, timeWindow: 60_000 } },
  );
  bindEndpoint(app, deps, ENDPOINTS.surveyAssessment, ({ auth }) => findAssessment(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.surveyUpdate, ({ auth, body }) =>
    saveAssessment(deps, auth, { formId: body.FormID, acceptedTerms: body.AcceptedTerms, questions: body.Questions }),
  );
  bindEndpoint(app, deps, ENDPOINTS.surveySubmit, ({ auth }) => submitAssessment(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.surveyOutro, ({ auth }) => findOutro(deps, auth));
}
