/**
 * Starts the process's background work in one place, once buildApp has registered every route:
 * the notification sender (deps.notifier), the provider webhook's delivery when one is configured,
 * and the hourly clean-up. With startWorkers off (tests, a second app over one database) none of
 * them polls, and deps.notifier still sends when woken or drained by hand. All stop with the app.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { createProviderDelivery } from '../modules/provider/delivery.ts';
import type { FileStore } from '../storage/file-store.ts';
import { hourlyCleanup } from './cleanup.ts';
import type { Job } from './job.ts';

export function startJobs(app: FastifyInstance, deps: Deps, fileStore: FileStore, start: boolean): void {
  const jobs: Job[] = [deps.notifier];
  if (start) {
    if (deps.config.webhook) jobs.push(createProviderDelivery(deps, deps.config.webhook, { autoStart: false }));
    jobs.push(hourlyCleanup(deps, fileStore));
    for (const job of jobs) job.start();
  }
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
}
