import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { findDropdownList, findInformation, findMaintenanceMessages } from './service.ts';

export function referenceRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getInformation, async () => findInformation(deps));
  bindEndpoint(app, deps, ENDPOINTS.checkMaintenance, () => findMaintenanceMessages(deps));
  bindEndpoint(app, deps, ENDPOINTS.dropdownList, ({ body }) => findDropdownList(deps, body.ListType));
}
