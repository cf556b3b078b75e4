import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { findBankName } from './service.ts';

export function bsbRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.verifyBsb, ({ body }) => findBankName(deps, body.Bsb));
}
