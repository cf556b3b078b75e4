/**
 * POST /api/dropdownlistdatasource/list (spec 001 §3): the enquiry types (ContactCategories) and
 * the kinds of sent item (SentItemTypes), sorted by ElementNumber. The same for everyone, so kept
 * under 'public'. Silent: the page says so in place when a list cannot be loaded.
 */
import { ENDPOINTS, type DropdownItem, type DropdownListResponse, type ListType } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';
import { messagingKeys } from './messaging-keys.ts';

export type { DropdownItem };

export async function getDropdownList(listType: ListType): Promise<DropdownItem[]> {
  const list = await request<z.infer<typeof DropdownListResponse>>(ENDPOINTS.dropdownList, { ListType: listType }, { silent: true });
  return [...list.Items].sort((a, b) => a.ElementNumber - b.ElementNumber);
}

export function dropdownQueryOptions(listType: 'ContactCategories' | 'SentItemTypes') {
  return queryOptions({
    queryKey: messagingKeys.dropdown(listType),
    queryFn: () => getDropdownList(listType),
    staleTime: 10 * 60_000,
  });
}

export function useDropdownList(listType: 'ContactCategories' | 'SentItemTypes') {
  return useQuery(dropdownQueryOptions(listType));
}
