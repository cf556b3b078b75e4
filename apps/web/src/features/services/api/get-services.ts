/**
 * GET /api/services/servicelist and GET /api/services/servicedetail/{id} (spec 001 §7): what the
 * scheme can pay for. The catalogue is the same for everyone, so it is cached under 'public' and
 * kept across sign-in and sign-out. Silent: the pages explain a failure in place.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

type ServiceList = CallAnswer<'serviceList'>;
export type ServiceDetail = CallAnswer<'serviceDetail'>;

const servicesKeys = {
  list: ['public', 'services', 'list'] as const,
  detail: (id: number) => ['public', 'services', 'detail', id] as const,
};

function getServiceList(): Promise<ServiceList> {
  return call('serviceList', {}, { silent: true });
}

function getServiceDetail(id: number): Promise<ServiceDetail> {
  return call('serviceDetail', {}, { params: { id }, silent: true });
}

export const serviceListQueryOptions = queryOptions({
  queryKey: servicesKeys.list,
  queryFn: getServiceList,
  ...FRESHNESS.reference,
});

export function serviceDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: servicesKeys.detail(id),
    queryFn: () => getServiceDetail(id),
    ...FRESHNESS.reference,
  });
}

export function useServiceList() {
  return useQuery(serviceListQueryOptions);
}
