/**
 * API throughput (issue #10, part 3). The production bundle on SQLite holding API_CLAIMANTS
 * claimants and API_MESSAGES inbox messages answers autocannon (API_CONNECTIONS connections,
 * API_DURATION seconds) cycling through getclaims, getmessages (a page of 10 from a claim
 * holding API_HEAVY_MESSAGES messages), getunreadmessagecount and getaccount, as one signed-in
 * claimant. Baseline: a bare Fastify process answering the same paths with the same JSON from
 * memory, loaded the same way in the same run.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import { HEAVY_CLAIM, HEAVY_USER, insertBulkData } from './lib/bulk-data.ts';
import { BENCH_DIR } from './lib/paths.ts';
import type { BenchResult } from './lib/results.ts';
import { apiHeaders, postJson, prepareDatabase, signInWithClaim, startServer, type RunningServer } from './lib/server.ts';
import { median, msSince, round } from './lib/stats.ts';

const NAME = 'api-throughput';
const CALLS = [
  { path: '/api/claim/getclaims', body: {} },
  { path: '/api/inbox/getmessages', body: { Offset: 0, Amount: 10 } },
  { path: '/api/inbox/getunreadmessagecount', body: {} },
  { path: '/api/account/getaccount', body: {} },
];

type Load = { result: Result; wrongStatus: number };

async function load(url: string, token: string, connections: number, duration: number): Promise<Load> {
  let wrongStatus = 0;
  const requests: Request[] = CALLS.map((c) => ({
    method: 'POST',
    path: c.path,
    headers: apiHeaders(),
    body: JSON.stringify({ ...c.body, AccessToken: token }),
    // Errors answer HTTP 225 (spec 000 §3), which autocannon counts as 2xx: count them here.
    onResponse: (status) => {
      if (status !== 200) wrongStatus += 1;
    },
  }));
  const result = await autocannon({ url, connections, duration, requests, timeout: 30 });
  return { result, wrongStatus };
}

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'API throughput (SQLite, autocannon)');
  const claimants = envNumber('API_CLAIMANTS', 20_000);
  const messages = envNumber('API_MESSAGES', 1_000_000);
  const heavy = Math.min(messages, envNumber('API_HEAVY_MESSAGES', 5_000));
  const connections = envNumber('API_CONNECTIONS', 50);
  const duration = envNumber('API_DURATION', 20);
  const warmup = envNumber('API_WARMUP', 3);
  const scratch = scratchDir(NAME);
  try {
    log(NAME, `preparing ${claimants.toLocaleString('en-AU')} claimants and ${messages.toLocaleString('en-AU')} messages`);
    const dbFile = await prepareDatabase(scratch.dir);
    const bulk = await insertBulkData(dbFile, { claimants, messages, heavy });
    const dbBytes = fs.statSync(dbFile).size;
    log(NAME, `bulk insert took ${Math.round(bulk.seconds)} s; database ${Math.round(dbBytes / 2 ** 20)} MB`);

    // The real server: capture its answers (for the baseline) and check every call answers 200.
    let real: Load;
    let realLog = '';
    const single: Record<string, number> = {};
    const responses: Record<string, unknown> = {};
    let server: RunningServer = await startServer({ dataDir: scratch.dir, env: { RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' } });
    realLog = server.logFile;
    try {
      const token = await signInWithClaim(server.url, HEAVY_USER, HEAVY_CLAIM);
      for (const c of CALLS) responses[c.path] = await postJson(`${server.url}${c.path}`, { ...c.body, AccessToken: token });
      const page = responses['/api/inbox/getmessages'] as { Total: number; Items: unknown[] };
      if (page.Total !== heavy || page.Items.length !== 10) throw new Error(`getmessages: expected a page of 10 of ${heavy}, got ${page.Items.length} of ${page.Total}`);
      // One request at a time, to say which call costs what (the load below mixes them).
      for (const c of CALLS) {
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t = process.hrtime.bigint();
          await postJson(`${server.url}${c.path}`, { ...c.body, AccessToken: token });
          times.push(msSince(t));
        }
        single[c.path] = round(median(times.slice(5)), 1);
      }
      log(NAME, `one at a time (median ms): ${JSON.stringify(single)}`);
      log(NAME, `real server: ${warmup} s warm-up, then ${duration} s × ${connections} connections`);
      await load(server.url, token, connections, warmup);
      real = await load(server.url, token, connections, duration);
    } finally {
      await server.stop();
    }

    const responsesFile = path.join(scratch.dir, 'bare-responses.json');
    fs.writeFileSync(responsesFile, JSON.stringify(responses));
    let bare: Load;
    server = await startServer({
      dataDir: scratch.dir,
      script: path.join(BENCH_DIR, 'bare-server.ts'),
      nodeArgs: ['--import', 'tsx'],
      readyPath: '/ready',
      env: { BARE_RESPONSES: responsesFile },
    });
    try {
      log(NAME, `bare Fastify: ${warmup} s warm-up, then ${duration} s × ${connections} connections`);
      await load(server.url, 'not-checked', connections, warmup);
      bare = await load(server.url, 'not-checked', connections, duration);
    } finally {
      await server.stop();
    }

    const r = real.result;
    const b = bare.result;
    const failures = real.wrongStatus + r.errors + r.timeouts;
    if (failures > 0.01 * r.requests.total) throw new Error(`the real server failed ${failures} of ${r.requests.total} requests (status ≠ 200: ${real.wrongStatus}, errors ${r.errors}, timeouts ${r.timeouts}); see ${realLog}`);
    return finish(
      { API_CLAIMANTS: claimants, API_MESSAGES: messages, API_HEAVY_MESSAGES: heavy, API_CONNECTIONS: connections, API_DURATION: `${duration} s`, warm_up: `${warmup} s`, database_MB: round(dbBytes / 2 ** 20, 0), bulk_insert: `${Math.round(bulk.seconds)} s` },
      [
        { id: `${NAME}.requests-per-second`, label: 'Claimant API mix, requests/s', value: round(r.requests.average, 0), unit: 'req/s', baseline: { label: 'bare Fastify, same JSON from memory', value: round(b.requests.average, 0), unit: 'req/s' } },
        { id: `${NAME}.ratio`, label: 'API throughput vs bare Fastify', value: round((100 * r.requests.average) / b.requests.average, 1), unit: '%' },
        { id: `${NAME}.p50`, label: 'API latency p50', value: r.latency.p50, unit: 'ms', baseline: { label: 'bare Fastify p50', value: b.latency.p50, unit: 'ms' }, ratio: round(r.latency.p50 / Math.max(b.latency.p50, 1), 1), ratioLabel: '× bare' },
        { id: `${NAME}.p99`, label: 'API latency p99', value: r.latency.p99, unit: 'ms', baseline: { label: 'bare Fastify p99', value: b.latency.p99, unit: 'ms' }, ratio: round(r.latency.p99 / Math.max(b.latency.p99, 1), 1), ratioLabel: '× bare' },
      ],
      [
        `One request at a time (median of 15, ms): ${Object.entries(single).map(([p, ms]) => `${p.split('/').pop()} ${ms}`).join(', ')}.`,
        `Requests: ${r.requests.total.toLocaleString('en-AU')} to the portal (answers other than HTTP 200: ${real.wrongStatus}, errors ${r.errors}, timeouts ${r.timeouts}); ${b.requests.total.toLocaleString('en-AU')} to the bare route.`,
        'Each autocannon connection cycles getclaims → getmessages (Offset 0, Amount 10) → getunreadmessagecount → getaccount as one claimant (one session token), with the CSRF double-submit cookie/header and a known-device cookie.',
        `Both servers are a single Node process started the same way (the portal: apps/server/dist/main.js, NODE_ENV=production, LOG_LEVEL=warn, rate limits raised; the bare route: bench/bare-server.ts under tsx), on the same 2-core machine as autocannon itself, so client and server share the CPU in both runs. Latencies are autocannon's (ms resolution).`,
        'The database: the demo seed plus the bulk claimants/accounts/claims/messages, written by better-sqlite3 in one transaction; no ANALYZE was run (the server does not run it).',
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
