/**
 * The hourly clean-up every process runs: files never sent with a form are removed after 7 days;
 * ended sessions, dead codes and delivered messages after 30 (decision 019). Every step is
 * idempotent, so several processes may run it at once.
 */
import type { Deps } from '../deps.ts';
import { removeEndedRecords } from '../modules/housekeeping/service.ts';
import { removeExpiredUploads } from '../modules/uploads/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { every, type Job } from './job.ts';

export const CLEANUP_EVERY_MS = 60 * 60_000;

export function hourlyCleanup(deps: Deps, fileStore: FileStore): Job {
  return every(CLEANUP_EVERY_MS, () => {
    removeExpiredUploads(deps, fileStore).catch((err: unknown) => deps.log.error({ err }, 'upload clean-up failed'));
    removeEndedRecords(deps).then(
      (removed) => {
        if (Object.values(removed).some((n) => n > 0)) deps.log.info({ removed }, 'ended records removed');
      },
      (err: unknown) => deps.log.error({ err }, 'ended-record clean-up failed'),
    );
  });
}
