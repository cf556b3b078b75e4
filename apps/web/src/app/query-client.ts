import { QueryClient } from '@tanstack/react-query';

/**
 * One query client, made on demand (lazy-query-client.ts). No automatic retries: the request
 * layer has already shown the alert for a failed call, and a retry would show it again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
