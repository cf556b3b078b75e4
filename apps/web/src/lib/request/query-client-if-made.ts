/**
 * The query client if the app has made it (app/lazy-query-client.ts), else undefined — as on a
 * first visit to /login, which does without TanStack Query. For code that must work either way;
 * everything else uses useQueryClient, under pages that wait for the client.
 */
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext } from 'react';

export function useQueryClientIfMade(): QueryClient | undefined {
  return useContext(QueryClientContext);
}
