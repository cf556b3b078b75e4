import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { createContactForm, createDetailsRequest, submitContactForm, submitDetailsRequest } from './requests.ts';

export function submissionRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.uploadContactForm, ({ auth, claimId, body }) =>
    createContactForm(deps, auth, claimId, body),
  );
  bindEndpoint(app, deps, ENDPOINTS.submitContactForm, ({ auth, claimId, body }) =>
    submitContactForm(deps, auth, claimId, body),
  );
  bindEndpoint(app, deps, ENDPOINTS.uploadDetailsRequest, ({ auth, claimId, body }) =>
    createDetailsRequest(deps, auth, claimId, body),
  );
  bindEndpoint(app, deps, ENDPOINTS.submitDetailsRequest, ({ auth, claimId, body }) =>
    submitDetailsRequest(deps, auth, claimId, body),
  );
}
