/**
 * API throughput. The production bundle on SQLite holding API_CLAIMANTS
 * claimants and API_MESSAGES inbox messages answers autocannon (API_CONNECTIONS connections,
 * API_DURATION seconds) cycling through getclaims, getmessages (a page of 10 from a claim
 * holding API_HEAVY_MESSAGES messages), getunreadmessagecount and getaccount, as one signed-in
 * claimant. Baseline: a bare Fastify process answering the same paths with the same JSON from
 * memory, loaded the same way in the same run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMain, log, scratchDir, startBench } from './lib/bench.ts';
import {
  API_MIX_NOTE,
  apiFigures,
  apiParameters,
  apiSettings,
  checkAnswers,
  layoutNote,
  loadBareRoute,
  loadPortal,
  paymentsFigure,
  requestsNote,
  singleCallNote,
  type PortalLoad,
} from './lib/api-load.ts';
import { insertBulkData } from './lib/bulk-data.ts';
import type { BenchResult } from './lib/results.ts';
import { prepareDatabase, startServer, type RunningServer } from './lib/server.ts';
import { round } from './lib/stats.ts';

const NAME = 'api-throughput';

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'API throughput (SQLite, autocannon)');
  const settings = apiSettings();
  const { connections, duration, warmup } = settings;
  const scratch = scratchDir(NAME);
  try {
    log(
      NAME,
      `preparing ${settings.claimants.toLocaleString('en-AU')} claimants and ${settings.messages.toLocaleString('en-AU')} messages`,
    );
    const dbFile = await prepareDatabase(scratch.dir);
    const bulk = await insertBulkData(dbFile, settings);
    const dbBytes = fs.statSync(dbFile).size;
    log(NAME, `bulk insert took ${Math.round(bulk.seconds)} s; database ${Math.round(dbBytes / 2 ** 20)} MB`);

    // The real server: its answers (for the baseline), every call 200.
    let portal: PortalLoad;
    // API_CPU_PROFILE=<dir>: the server writes a V8 CPU profile of the whole run there as it stops
    // (npx tsx bench/profile-summary.ts <file> says where its time went).
    const profileDir = process.env.API_CPU_PROFILE;
    const server: RunningServer = await startServer({
      dataDir: scratch.dir,
      env: { RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' },
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] } : {}),
    });
    const realLog = server.logFile;
    try {
      portal = await loadPortal((m) => log(NAME, m), [server], settings);
    } finally {
      await server.stop();
    }

    const { real, single, responses } = portal;
    const bare = await loadBareRoute((m) => log(NAME, m), {
      dataDir: scratch.dir,
      responses,
      processes: 1,
      connections,
      warmup,
      duration,
    });

    checkAnswers(real, realLog);
    return finish(
      {
        ...apiParameters(settings),
        database_MB: round(dbBytes / 2 ** 20, 0),
        bulk_insert: `${Math.round(bulk.seconds)} s`,
      },
      [...apiFigures(NAME, real, bare), paymentsFigure(NAME, portal.payments, single['/api/inbox/getmessages'])],
      [
        singleCallNote(single),
        requestsNote(real, bare),
        API_MIX_NOTE,
        layoutNote(),
        'Both servers are a single Node process started the same way (the portal: apps/server/dist/main.js, ' +
          'NODE_ENV=production, LOG_LEVEL=warn, rate limits raised; the bare route: bench/bare-server.ts under tsx), ' +
          'on the same machine as autocannon itself. ' +
          "Latencies are autocannon's (ms resolution).",
        'The database: the demo seed plus the bulk claimants/accounts/claims/messages, ' +
          'written through node:sqlite in one transaction; no ANALYZE was run (the server does not run it).',
      ],
    );
  } finally {
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
