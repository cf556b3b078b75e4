/**
 * GET /api/content/{name}: a named HTML document of the content store (the terms, the privacy
 * policy, the collection notice, the services list's notes, the survey's introduction, …).
 * Public and the same for everyone, so it is cached outside the session's keys and survives
 * signing in and out. Silent: the page that shows it explains a failure in place, with the help
 * line and a way to try again. The HTML is sanitised again when shown (components/safe-html.tsx).
 */
import { ENDPOINTS, type ContentName, type ContentResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, withPathParams } from '../request.ts';
import { queryKeys } from './query-keys.ts';

export type Content = z.infer<typeof ContentResponse>;

export function getContent(name: ContentName): Promise<Content> {
  return request<Content>(withPathParams(ENDPOINTS.getContent, { name }), {}, { silent: true });
}

export function contentQueryOptions(name: ContentName) {
  return queryOptions({
    queryKey: queryKeys.content(name),
    queryFn: () => getContent(name),
    staleTime: 10 * 60_000,
  });
}

export function useContent(name: ContentName) {
  return useQuery(contentQueryOptions(name));
}
