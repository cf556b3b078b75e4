/**
 * POST /api/documentupload/getdraftdates: when each form's draft was last edited (the hub shows
 * the documents draft's). Silent: without it the hub simply shows no date.
 */
import { ENDPOINTS, type DraftDatesResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';
import { documentsKeys } from './documents-keys.ts';

export type DraftDates = z.infer<typeof DraftDatesResponse>;

export function getDraftDates(): Promise<DraftDates> {
  return request<DraftDates>(ENDPOINTS.getDraftDates, {}, { silent: true });
}

export const draftDatesQueryOptions = queryOptions({
  queryKey: documentsKeys.draftDates,
  queryFn: getDraftDates,
  staleTime: Infinity,
  gcTime: 0,
});

export function useDraftDates() {
  return useQuery(draftDatesQueryOptions);
}
