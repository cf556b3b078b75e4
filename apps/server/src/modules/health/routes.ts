/**
 * Liveness and readiness for a process manager or load balancer: /healthz answers while the
 * process runs; /readyz only while the database, the file store and Redis (when REDIS_URL is
 * set) answer (and not while shutting down — Fastify answers 503 then). /readyz also counts the
 * notifications parked as dead, for monitoring: they need an operator, not another process, so
 * they never make it answer 503.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { countDeadNotifications } from '../../notify/outbox.ts';

const CHECK_TIMEOUT_MS = 2_000;

/** Runs `work` with the checks' time-out: its value, or the error it (or the time-out) threw. */
async function withTimeout<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(work: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  try {
    await withTimeout(work);
    return 'ok';
  } catch {
    return 'failing';
  }
}

export function healthRoutes(
  app: FastifyInstance,
  deps: Deps,
  store: FileStore,
  redis?: { check: () => Promise<unknown> },
): void {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const [database, files, counters, deadNotifications] = await Promise.all([
      probe(() => sql`select 1`.execute(deps.db)),
      probe(() => store.check()),
      redis ? probe(() => redis.check()) : undefined,
      // Absent when it cannot be counted: the database check then says why.
      withTimeout(() => countDeadNotifications(deps.db, deps.clock.now())).catch(() => undefined),
    ]);
    const ready = database === 'ok' && files === 'ok' && counters !== 'failing';
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not ready',
        database,
        files,
        ...(counters ? { redis: counters } : {}),
        ...(deadNotifications === undefined ? {} : { deadNotifications }),
      });
  });
}
