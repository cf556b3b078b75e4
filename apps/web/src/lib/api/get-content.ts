/**
 * GET /api/content/{name}: a named HTML document of the content store (the terms, the privacy
 * policy, the collection notice, the services list's notes, the survey's introduction, …).
 * Public and the same for everyone, so it is cached outside the session's keys and survives
 * signing in and out. Silent: the page that shows it explains a failure in place, with the help
 * line and a way to try again. The HTML is sanitised again when shown (components/safe-html.tsx).
 */
import type { ContentName } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../request/call.ts';
import { queryKeys } from './query-keys.ts';
import { FRESHNESS } from './freshness.ts';

type Content = CallAnswer<'getContent'>;

function getContent(name: ContentName): Promise<Content> {
  return call('getContent', {}, { params: { name }, silent: true });
}

function contentQueryOptions(name: ContentName) {
  return queryOptions({
    queryKey: queryKeys.content(name),
    queryFn: () => getContent(name),
    ...FRESHNESS.reference,
  });
}

export function useContent(name: ContentName) {
  return useQuery(contentQueryOptions(name));
}
