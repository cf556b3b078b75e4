/**
 * GET /api/services/servicelist and GET /api/services/servicedetail/{id} (spec 001 §7): what the
 * scheme can pay for. The catalogue is the same for everyone, so it is cached under 'public' and
 * kept across sign-in and sign-out. Silent: the pages explain a failure in place.
 */
import { ENDPOINTS, type ServiceDetailResponse, type ServiceListResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, withPathParams } from '../../../lib/request.ts';

export type ServiceList = z.infer<typeof ServiceListResponse>;
export type ServiceDetail = z.infer<typeof ServiceDetailResponse>;

export const servicesKeys = {
  list: ['public', 'services', 'list'] as const,
  detail: (id: number) => ['public', 'services', 'detail', id] as const,
};

export function getServiceList(): Promise<ServiceList> {
  return request<ServiceList>(ENDPOINTS.serviceList, {}, { silent: true });
}

export function getServiceDetail(id: number): Promise<ServiceDetail> {
  return request<ServiceDetail>(withPathParams(ENDPOINTS.serviceDetail, { id }), {}, { silent: true });
}

export const serviceListQueryOptions = queryOptions({
  queryKey: servicesKeys.list,
  queryFn: getServiceList,
  staleTime: 10 * 60_000,
});

export function serviceDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: servicesKeys.detail(id),
    queryFn: () => getServiceDetail(id),
    staleTime: 10 * 60_000,
  });
}

export function useServiceList() {
  return useQuery(serviceListQueryOptions);
}
