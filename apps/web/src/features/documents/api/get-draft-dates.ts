/**
 * POST /api/documentupload/getdraftdates: when each form's draft was last edited (the hub shows
 * the documents draft's). Silent: without it the hub simply shows no date.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { documentsKeys } from './documents-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

type DraftDates = CallAnswer<'getDraftDates'>;

function getDraftDates(): Promise<DraftDates> {
  return call('getDraftDates', {}, { silent: true });
}

const draftDatesQueryOptions = queryOptions({
  queryKey: documentsKeys.draftDates,
  queryFn: getDraftDates,
  ...FRESHNESS.oncePerOpening,
});

export function useDraftDates() {
  return useQuery(draftDatesQueryOptions);
}
