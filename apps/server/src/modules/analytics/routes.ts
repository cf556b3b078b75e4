import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { recordPageView } from './service.ts';

/**
 * Anyone may record a page view and each is a row: limited per address far below the general
 * limit (a claimant opens a page every few seconds at most), so one address cannot fill the table.
 */
const PAGE_VIEW_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

export function analyticsRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.pageView,
    ({ body }) => recordPageView(deps, { path: body.Path, title: body.Title, token: body.AccessToken ?? undefined }),
    PAGE_VIEW_LIMIT,
  );
}
