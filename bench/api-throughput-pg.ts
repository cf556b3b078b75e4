/**
 * API throughput on PostgreSQL: the api-throughput benchmark's
 * load — the same call mix, data and sizes — on API_PG_PROCESSES (2) server processes sharing one
 * PostgreSQL database, the connections split between them (one autocannon instance per process,
 * all run together, using the one session token signed in on the first). Baseline: the bare
 * Fastify route in the same layout (as many processes, the same split). The database is made
 * fresh through BENCH_DATABASE_URL and dropped at the end, also on failure or Ctrl-C.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import * as apiLoad from './lib/api-load.ts';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import { insertBulkDataPg } from './lib/bulk-data-pg.ts';
import { invalidationFigure, measureInvalidation, type InvalidationRun } from './lib/invalidation.ts';
import { REPO_ROOT, SERVER_MAIN } from './lib/paths.ts';
import { BENCH_DATABASE_URL, createPgDatabase, redactUrl } from './lib/postgres.ts';
import type { BenchResult } from './lib/results.ts';
import { seedDatabase, startServers, stopServers, type RunningServer } from './lib/server.ts';
import { round } from './lib/stats.ts';

const NAME = 'api-throughput-pg';

const perProcess = (load: apiLoad.ApiLoad) =>
  load.instances.map((i) => `${i.connections} conn. ${i.requestsPerSecond} req/s p50 ${i.p50} p99 ${i.p99}`).join('; ');

export async function run(): Promise<BenchResult> {
  const settings = apiLoad.apiSettings();
  const { connections, duration, warmup } = settings;
  const processes = envNumber('API_PG_PROCESSES', 2);
  // Unset (the default): the rate-limit counters live in PostgreSQL, as on any PostgreSQL deployment without Redis.
  const redisUrl = process.env.BENCH_REDIS_URL || undefined;
  const finish = startBench(NAME, `API throughput (PostgreSQL, ${processes} processes, autocannon)`);
  const database = await createPgDatabase();
  const scratch = scratchDir(NAME);
  log(NAME, `database ${database.name} on ${redactUrl(BENCH_DATABASE_URL)}`);
  // Servers still running; on Ctrl-C they are stopped and the database dropped before exiting.
  let running: RunningServer[] = [];
  const interrupted = (signal: NodeJS.Signals) => {
    log(NAME, `${signal}: stopping the servers and dropping ${database.name}`);
    void stopServers(running)
      .then(() => database.drop())
      .finally(() => {
        scratch.remove();
        process.exit(130);
      });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    log(
      NAME,
      `preparing ${settings.claimants.toLocaleString('en-AU')} claimants and ${settings.messages.toLocaleString('en-AU')} messages`,
    );
    const handle = openDatabase({ dialect: 'postgres', url: database.url, maxConnections: 2 });
    let bulk: Awaited<ReturnType<typeof insertBulkDataPg>>;
    let dbBytes: number;
    let version: string;
    let sharedBuffers: string;
    try {
      await seedDatabase(handle.db);
      bulk = await insertBulkDataPg(handle.db, settings);
      // The backslash ends a line without adding to the text: the query is one line of SQL.
      const { rows } = await sql<{ bytes: number | string; version: string; shared_buffers: string }>`
        select pg_database_size(current_database()) as bytes, current_setting('server_version') as version, \
current_setting('shared_buffers') as shared_buffers`.execute(handle.db);
      dbBytes = Number(rows[0]?.bytes);
      version = rows[0]?.version ?? '?';
      sharedBuffers = rows[0]?.shared_buffers ?? '?';
    } finally {
      await handle.close();
    }
    log(
      NAME,
      `bulk insert took ${Math.round(bulk.seconds)} s (VACUUM ANALYZE ${Math.round(bulk.analyzeSeconds)} s of it); ` +
        `database ${Math.round(dbBytes / 2 ** 20)} MB`,
    );

    // The real servers: every process answers the same JSON to the one token, every call 200.
    let portal: apiLoad.PortalLoad;
    let invalidation: InvalidationRun;
    running = await startServers(processes, {
      dataDir: scratch.dir,
      env: {
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_MINUTE: '100000000',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      },
    });
    const realLogs = running.map((s) => s.logFile).join(', ');
    try {
      portal = await apiLoad.loadPortal((m) => log(NAME, m), running, settings);
      const [first, second] = running;
      if (!first || !second) throw new Error('the invalidation figure needs two processes');
      log(NAME, 'timing invalidations across the processes');
      invalidation = await measureInvalidation(first.url, second.url);
    } finally {
      await stopServers(running);
      running = [];
    }

    const { real, single, responses } = portal;
    const bare = await apiLoad.loadBareRoute((m) => log(NAME, m), {
      dataDir: scratch.dir,
      responses,
      processes,
      connections,
      warmup,
      duration,
    });

    apiLoad.checkAnswers(real, realLogs);
    const largestP99 = Math.max(...real.shared.instances.map((i) => i.p99));
    return finish(
      {
        ...apiLoad.apiParameters(settings),
        API_PG_PROCESSES: processes,
        rate_limit_counters: redisUrl ? 'Redis' : 'PostgreSQL',
        postgres: version,
        database_MB: round(dbBytes / 2 ** 20, 0),
        bulk_insert: `${Math.round(bulk.seconds)} s`,
        vacuum_analyze: `${Math.round(bulk.analyzeSeconds)} s`,
      },
      [
        ...apiLoad.apiFigures(NAME, real, bare, `PostgreSQL, ${processes} processes`),
        apiLoad.paymentsFigure(NAME, portal.payments, single['/api/inbox/getmessages']),
        invalidationFigure(NAME, invalidation, redisUrl ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY'),
      ],
      [
        apiLoad.singleCallNote(single, ' to the first process'),
        apiLoad.requestsNote(real, bare),
        apiLoad.API_MIX_NOTE,
        apiLoad.layoutNote(),
        `Layout: ${processes} portal processes (${path.relative(REPO_ROOT, SERVER_MAIN)}, NODE_ENV=production, ` +
          `LOG_LEVEL=warn, rate limits raised, the same DATA_ENCRYPTION_KEY and DATABASE_URL; ` +
          `each with the server's default pool of 10 PostgreSQL connections), started one after another; ` +
          `the bare route likewise ${processes} processes of bench/bare-server.ts under tsx. ` +
          `The ${connections} connections are split between the processes, one autocannon instance each, ` +
          `all running together in the bench process, on the same machine as the servers and PostgreSQL. ` +
          `The session token is signed in on the first process and used on every one (sessions live in the database); ` +
          `each process was checked to answer every call with the same JSON before the load.`,
        `Combining: requests/s is the sum of the instances' completed requests per second; ` +
          `p50 and p99 come from the instances' latency histograms added together (autocannon.aggregateResult), ` +
          `i.e. over every request, not an average of percentiles. ` +
          `Per process (shared layout), portal: ${perProcess(real.shared)} (the larger p99: ${largestP99} ms); ` +
          `bare: ${perProcess(bare.shared)}.`,
        redisUrl
          ? `Rate limits: the counters live in Redis (BENCH_REDIS_URL=${redactUrl(redisUrl)} passed as REDIS_URL), not in PostgreSQL.`
          : 'Rate limits: without REDIS_URL the server keeps the counters in PostgreSQL, in the rate_limits row ' +
            'of each address — here always 127.0.0.1, the same row for every connection of every process. ' +
            'The limits are raised for the load, so the address stays below half its general limit, ' +
            'where each process counts its hits in memory and adds them to the row every 100 ms or 32 hits ' +
            '(decision 018); at or above half, every request would run its upsert. ' +
            'BENCH_REDIS_URL=redis://… runs the servers with REDIS_URL instead.',
        `The database: a fresh database on PostgreSQL ${version}, migrated and seeded by the server's own code ` +
          `(demo data included), plus the same bulk claimants/accounts/known devices/claims/messages ` +
          `as the SQLite benchmark (bench/lib/bulk-data.ts), written as multi-row inserts of 5 000 rows ` +
          `(one array per column, unnest) in one transaction, then VACUUM (ANALYZE) — planner statistics, ` +
          `and the visibility map for index-only counts, rather than an autovacuum starting during the load. ` +
          `The SQLite benchmark runs no ANALYZE. Loading took ${Math.round(bulk.seconds)} s in all ` +
          `(${Math.round(bulk.analyzeSeconds)} s of it VACUUM ANALYZE); ` +
          `PostgreSQL's settings are the machine's (shared_buffers ${sharedBuffers}).`,
      ],
    );
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await stopServers(running);
    await database.drop();
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
