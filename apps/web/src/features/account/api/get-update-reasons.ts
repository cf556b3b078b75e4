/**
 * POST /api/dropdownlistdatasource/list with ListType UpdatePersonalReason (spec 000 §3): the
 * reasons for a personal-details change, sorted by ElementNumber. The list is the same for
 * everyone, so it is cached under 'public'.
 */
import { ENDPOINTS, type DropdownListResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';

export type UpdateReason = { Id: number; Item: string };

export async function getUpdateReasons(): Promise<UpdateReason[]> {
  const list = await request<z.infer<typeof DropdownListResponse>>(ENDPOINTS.dropdownList, { ListType: 'UpdatePersonalReason' });
  return [...list.Items].sort((a, b) => a.ElementNumber - b.ElementNumber).map(({ Id, Item }) => ({ Id, Item }));
}

export const updateReasonsQueryOptions = queryOptions({
  queryKey: ['public', 'dropdown', 'UpdatePersonalReason'] as const,
  queryFn: getUpdateReasons,
  staleTime: 30 * 60_000,
});

export function useUpdateReasons() {
  return useQuery(updateReasonsQueryOptions);
}
