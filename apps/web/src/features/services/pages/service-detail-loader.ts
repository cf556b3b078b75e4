/**
 * Runs before /services/{id} renders (after the sign-in guard): loads the service (from the list
 * when it is fresh in the cache, else from the server), so the page arrives with its name as the
 * h1, the last breadcrumb and the document title (`pageTitle`).
 * An unknown id (the server's 451, or an id that is not a number) is a not-found page, not an
 * error screen; any other failure is explained on the page with a way to try again.
 */
import { ErrorNumber } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { serviceDetailQueryOptions, serviceListQueryOptions, type ServiceDetail } from '../api/get-services.ts';

export type ServiceDetailData =
  | { status: 'found'; service: ServiceDetail; pageTitle: string }
  | { status: 'not-found'; pageTitle: string }
  | { status: 'failed'; message: string };

function parseServiceId(raw: string | undefined): number | undefined {
  if (!raw || !/^[0-9]{1,7}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

export function createServiceDetailLoader(queryClient: QueryClient) {
  return async function serviceDetailLoader({ params }: LoaderFunctionArgs): Promise<ServiceDetailData> {
    const id = parseServiceId(params.id);
    if (id === undefined) return { status: 'not-found', pageTitle: 'Service not found' };
    try {
      // The list carries each service's page (spec 001 §3): a tile opens without another call
      // while the list is fresh; a direct visit, or an old list, asks for the one service.
      const service = await queryClient.fetchQuery({
        ...serviceDetailQueryOptions(id),
        initialData: () =>
          queryClient.getQueryData(serviceListQueryOptions.queryKey)?.approvedService.find((s) => s.id === id),
        initialDataUpdatedAt: () => queryClient.getQueryState(serviceListQueryOptions.queryKey)?.dataUpdatedAt,
      });
      return { status: 'found', service, pageTitle: service.name };
    } catch (error) {
      if (isRequestError(error)) {
        if (error.forcedLogout) throw redirect('/login');
        const numbers = error.items.map((item) => item.Number);
        // The server's answer for an id it does not know: HTTP 225, [{ Number: 451 }].
        if (numbers.includes(ErrorNumber.NotFound)) {
          return { status: 'not-found', pageTitle: 'Service not found' };
        }
        return { status: 'failed', message: error.message };
      }
      throw error;
    }
  };
}
