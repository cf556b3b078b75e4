import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { deselectClaim, findClaims, selectClaim } from './service.ts';

export function claimRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getClaims, ({ auth }) => findClaims(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.selectClaim, ({ auth, body }) => selectClaim(deps, auth, body.Number));
  bindEndpoint(app, deps, ENDPOINTS.deselectClaim, ({ auth }) => deselectClaim(deps, auth));
}
