/**
 * The hourly clean-up, a job of every process (decision 019): files never sent with a form go after
 * 7 days, resumable uploads never finished after 24 hours; ended sessions, dead codes and delivered
 * messages after 30. Idempotent: several processes may run it at once.
 */
import type { Deps } from '../../deps.ts';
import { every, type Job } from '../../lib/outbox-worker.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { removeExpiredResumable } from '../uploads/resumable.ts';
import { removeExpiredUploads } from '../uploads/service.ts';
import { removeEndedRecords } from './service.ts';

export const hourlyCleanup = (deps: Deps, fileStore: FileStore): Job =>
  every(60 * 60_000, () => {
    removeExpiredUploads(deps, fileStore).catch((err: unknown) => deps.log.error({ err }, 'upload clean-up failed'));
    removeExpiredResumable(deps).catch((err: unknown) => deps.log.error({ err }, 'resumable upload clean-up failed'));
    removeEndedRecords(deps).then(
      (removed) => {
        if (Object.values(removed).some((n) => n > 0)) deps.log.info({ removed }, 'ended records removed');
      },
      (err: unknown) => deps.log.error({ err }, 'ended-record clean-up failed'),
    );
  });
