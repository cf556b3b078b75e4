/**
 * Liveness and readiness for a process manager or load balancer: /healthz answers while the
 * process runs; /readyz only while the database, the file store and Redis (when REDIS_URL is
 * set) answer (and not while shutting down — Fastify answers 503 then).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { FileStore } from '../../storage/file-store.ts';

const CHECK_TIMEOUT_MS = 2_000;

async function probe(work: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), timeout]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, deps: Deps, store: FileStore, redis?: { check: () => Promise<unknown> }): void {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const [database, files, counters] = await Promise.all([
      probe(() => sql`select 1`.execute(deps.db)),
      probe(() => store.check()),
      redis ? probe(() => redis.check()) : undefined,
    ]);
    const ready = database === 'ok' && files === 'ok' && counters !== 'failing';
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', database, files, ...(counters ? { redis: counters } : {}) });
  });
}
