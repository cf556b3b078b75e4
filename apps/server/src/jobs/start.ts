/**
 * The process's background work, started in one place once buildApp has registered every route: the
 * notification sender, the provider webhook's delivery and the hourly clean-up. With startWorkers off
 * nothing polls; deps.notifier still sends when woken or drained by hand. All stop with the app.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { removeEndedRecords } from '../modules/housekeeping/service.ts';
import { createProviderDelivery } from '../modules/provider/delivery.ts';
import { removeExpiredResumable } from '../modules/uploads/resumable.ts';
import { removeExpiredUploads } from '../modules/uploads/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { every, type Job } from './outbox-worker.ts';

/**
 * Files never sent with a form go after 7 days, resumable uploads never finished after 24 hours; ended sessions, dead codes and delivered messages
 * after 30 (decision 019). Idempotent: every process runs it.
 */
const hourlyCleanup = (deps: Deps, fileStore: FileStore): Job =>
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

export function startJobs(app: FastifyInstance, deps: Deps, fileStore: FileStore, start: boolean): void {
  const jobs: Job[] = [deps.notifier];
  if (start) {
    if (deps.config.webhook) jobs.push(createProviderDelivery(deps, deps.config.webhook, { autoStart: false }));
    jobs.push(hourlyCleanup(deps, fileStore));
    for (const job of jobs) job.start();
  }
  app.addHook('onClose', async () => void (await Promise.all(jobs.map((job) => job.stop()))));
}
