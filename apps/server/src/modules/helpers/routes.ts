import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { changeHelper } from './change.ts';
import { registerHelper } from './register.ts';
import * as helpers from './service.ts';
import { findHelpers } from './views.ts';

/** Registering checks an invitation and creates an account: limited per address like registration. */
const REGISTER_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };

export function helperRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getHelpers, ({ auth }) => findHelpers(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.inviteHelper, ({ auth, body }) => helpers.inviteHelper(deps, auth, body));
  bindEndpoint(app, deps, ENDPOINTS.withdrawInvitation, ({ auth, body }) =>
    helpers.withdrawInvitation(deps, auth, body.Id),
  );
  bindEndpoint(app, deps, ENDPOINTS.endHelper, ({ auth, body }) => helpers.endHelper(deps, auth, body.Id));
  bindEndpoint(app, deps, ENDPOINTS.changeHelper, ({ auth, body }) => changeHelper(deps, auth, body));
  bindEndpoint(app, deps, ENDPOINTS.endAllHelpers, async ({ auth }) => {
    await helpers.endAllHelpers(deps, auth);
    return true as const;
  });
  bindEndpoint(app, deps, ENDPOINTS.getHelperActivity, ({ auth }) => helpers.findHelperActivity(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.getInvitation, ({ body }) => helpers.findInvitation(deps, body.Invitation));
  bindEndpoint(app, deps, ENDPOINTS.registerHelper, ({ body }) => registerHelper(deps, body), REGISTER_LIMIT);
  bindEndpoint(app, deps, ENDPOINTS.acceptInvitation, ({ auth, body }) =>
    helpers.acceptInvitation(deps, auth, body.Invitation),
  );
  bindEndpoint(app, deps, ENDPOINTS.leaveHelping, ({ auth, body }) => helpers.leaveHelping(deps, auth, body.Id));
}
