import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../../lib/endpoint.ts';
import { recordPageView } from './service.ts';

export function analyticsRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.pageView, ({ body }) =>
    recordPageView(deps, { path: body.Path, title: body.Title, token: body.AccessToken ?? undefined }),
  );
}
