/**
 * POST /api/account/getauthorityformdata: the claimant's details the authority form shows
 * read-only (names, claim number, address, dates, initials). Not silent: a failure shows the
 * app's alert and the page says the details could not be loaded.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { documentsKeys } from './documents-keys.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

function getAuthorityFormData(): Promise<CallAnswer<'getAuthorityFormData'>> {
  return call('getAuthorityFormData', {});
}

const authorityFormDataQueryOptions = queryOptions({
  queryKey: documentsKeys.authorityFormData,
  queryFn: getAuthorityFormData,
  ...FRESHNESS.oncePerOpening,
});

export function useAuthorityFormData() {
  return useQuery(authorityFormDataQueryOptions);
}
