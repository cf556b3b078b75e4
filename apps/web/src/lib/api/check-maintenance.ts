/**
 * POST /api/maintenance/checkmessage (spec 001 §2, §7): a non-empty list means maintenance, and
 * its message replaces the registration and forgot forms. Silent: if the check fails the forms
 * stay usable (the call that matters reports its own failure).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type CallAnswer } from '../request/call.ts';
import { FRESHNESS } from './freshness.ts';

type MaintenanceMessage = CallAnswer<'checkMaintenance'>[number];

function checkMaintenance(): Promise<MaintenanceMessage[]> {
  return call('checkMaintenance', {}, { silent: true, withToken: false });
}

const maintenanceQueryOptions = queryOptions({
  queryKey: ['maintenance'] as const,
  queryFn: checkMaintenance,
  // Checked on each visit of a page that needs it (a maintenance window can start at any time).
  ...FRESHNESS.everyTime,
  retry: false,
});

/** The active maintenance messages; an empty list while unknown or when the check failed. */
export function useMaintenanceMessages() {
  const query = useQuery(maintenanceQueryOptions);
  return { messages: query.data ?? [], settled: query.isSuccess || query.isError };
}
