import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { findContent, findServiceDetail, findServices } from './service.ts';

export function contentRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getContent, ({ params }) => findContent(deps, params.name));
  bindEndpoint(app, deps, ENDPOINTS.serviceList, () => findServices(deps));
  bindEndpoint(app, deps, ENDPOINTS.serviceDetail, ({ params }) => findServiceDetail(deps, params.id));
}
