/**
 * POST /api/dropdownlistdatasource/list (spec 000 §3, spec 001 §3): one of the server's lists of
 * choices (enquiry types, kinds of sent item, reasons for a personal-details change, document
 * types, …), sorted by ElementNumber. The lists are the same for everyone, so they are cached
 * under 'public'. `silent`: the page explains a failure in place instead of the app's alert.
 */
import type { DropdownItem, ListType } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../request/call.ts';
import { queryKeys } from './query-keys.ts';
import { FRESHNESS } from './freshness.ts';

export type { DropdownItem };

type DropdownOptions = { silent?: boolean };

export async function getDropdownList(
  listType: ListType,
  { silent = false }: DropdownOptions = {},
): Promise<DropdownItem[]> {
  const list = await call('dropdownList', { ListType: listType }, { silent });
  return [...list.Items].sort((a, b) => a.ElementNumber - b.ElementNumber);
}

export function dropdownQueryOptions(listType: ListType, options: DropdownOptions = {}) {
  return queryOptions({
    queryKey: queryKeys.dropdown(listType),
    queryFn: () => getDropdownList(listType, options),
    ...FRESHNESS.reference,
  });
}

export function useDropdownList(listType: ListType, options: DropdownOptions = {}) {
  return useQuery(dropdownQueryOptions(listType, options));
}
