import { Ok } from '../common.ts';
import { PageViewRequest } from '../reference.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/** The first-party page-view record: its own area, so recording a page view builds no other schema. */
export const ANALYTICS_ENDPOINTS = {
  pageView: post(ROUTES.pageView, PageViewRequest, Ok, 'First-party page-view record (no third-party analytics)'),
} satisfies AreaTable<'analytics'>;
