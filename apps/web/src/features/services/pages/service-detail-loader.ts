/**
 * Runs before /services/{id} renders (after the sign-in guard): loads the service, so the page
 * arrives with its name as the h1, the last breadcrumb and the document title (`pageTitle`).
 * An unknown id (the server's 451, or an id that is not a number) is a not-found page, not an
 * error screen; any other failure is explained on the page with a way to try again.
 */
import { ErrorNumber } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isRequestError } from '../../../lib/request-error.ts';
import { serviceDetailQueryOptions, type ServiceDetail } from '../api/get-services.ts';

export type ServiceDetailData =
  | { status: 'found'; service: ServiceDetail; pageTitle: string }
  | { status: 'not-found'; pageTitle: string }
  | { status: 'failed'; message: string };

export function parseServiceId(raw: string | undefined): number | undefined {
  if (!raw || !/^[0-9]{1,7}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

export function createServiceDetailLoader(queryClient: QueryClient) {
  return async function serviceDetailLoader({ params }: LoaderFunctionArgs): Promise<ServiceDetailData> {
    const id = parseServiceId(params.id);
    if (id === undefined) return { status: 'not-found', pageTitle: 'Service not found' };
    try {
      const service = await queryClient.fetchQuery(serviceDetailQueryOptions(id));
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
