/**
 * What the API throughput benchmarks (api-throughput.ts on SQLite, api-throughput-pg.ts on
 * PostgreSQL) share: their settings, the claimant call mix, the autocannon load over one or
 * several server processes, the one-at-a-time timings and the figures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type RawResult, type Request } from 'autocannon';
import { envNumber } from './bench.ts';
import { HEAVY_CLAIM, HEAVY_USER, LIGHT_CLAIM, LIGHT_PAYMENTS, LIGHT_USER, type BulkSizes } from './bulk-data.ts';
import type { Figure } from './results.ts';
import { BENCH_DIR } from './paths.ts';
import { apiHeaders, postJson, signInWithClaim, startServers, stopServers } from './server.ts';
import { median, msSince, round } from './stats.ts';

/** Each autocannon connection cycles through these, in order, as one signed-in claimant. */
const API_CALLS = [
  { path: '/api/claim/getclaims', body: {} },
  { path: '/api/inbox/getmessages', body: { Offset: 0, Amount: 10 } },
  { path: '/api/inbox/getunreadmessagecount', body: {} },
  { path: '/api/account/getaccount', body: {} },
];

export const API_MIX_NOTE =
  'Each autocannon connection cycles getclaims → getmessages (Offset 0, Amount 10) → getunreadmessagecount → ' +
  'getaccount as one claimant (one session token), with the CSRF double-submit cookie/header and a known-device cookie.';

export type ApiSettings = BulkSizes & { connections: number; duration: number; warmup: number };

export function apiSettings(): ApiSettings {
  const messages = envNumber('API_MESSAGES', 1_000_000);
  return {
    claimants: envNumber('API_CLAIMANTS', 20_000),
    messages,
    heavy: Math.min(messages, envNumber('API_HEAVY_MESSAGES', 5_000)),
    heavyPayments: envNumber('API_HEAVY_PAYMENTS', 5_000),
    connections: envNumber('API_CONNECTIONS', 50),
    duration: envNumber('API_DURATION', 20),
    warmup: envNumber('API_WARMUP', 3),
  };
}

export function apiParameters(s: ApiSettings): Record<string, string | number> {
  return {
    API_CLAIMANTS: s.claimants,
    API_MESSAGES: s.messages,
    API_HEAVY_MESSAGES: s.heavy,
    API_HEAVY_PAYMENTS: s.heavyPayments,
    API_CONNECTIONS: s.connections,
    API_DURATION: `${s.duration} s`,
    warm_up: `${s.warmup} s`,
  };
}

type InstanceLoad = {
  url: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
};

export type ApiLoad = {
  /** Completed requests per second, summed over the autocannon instances (one per process). */
  requestsPerSecond: number;
  requests: number;
  /** From the instances' latency histograms added together (one instance: autocannon's own figures). */
  p50: number;
  p99: number;
  /** Answers other than HTTP 200: errors answer HTTP 225 (spec 000 §3), which autocannon counts as 2xx. */
  wrongStatus: number;
  errors: number;
  timeouts: number;
  instances: InstanceLoad[];
};

/** `total` split as evenly as possible into `parts`, the first parts one larger. */
function split(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * `connections` split across `urls` (one autocannon instance per server process, run together in
 * this process), each connection cycling API_CALLS with `token`, for `duration` seconds.
 * Requests/s is completed requests over the 1-s samples, as autocannon's own average.
 */
async function loadApi(
  urls: readonly string[],
  token: string,
  connections: number,
  duration: number,
): Promise<ApiLoad> {
  let wrongStatus = 0;
  const requests: Request[] = API_CALLS.map((c) => ({
    method: 'POST',
    path: c.path,
    headers: apiHeaders(),
    body: JSON.stringify({ ...c.body, AccessToken: token }),
    onResponse: (status) => {
      if (status !== 200) wrongStatus += 1;
    },
  }));
  const shares = split(connections, urls.length);
  if (shares.some((c) => c === 0))
    throw new Error(`${connections} connections cannot be split across ${urls.length} processes`);
  const raws: RawResult[] = await Promise.all(
    urls.map((url, i) =>
      autocannon({ url, connections: shares[i], duration, requests, timeout: 30, skipAggregateResult: true }),
    ),
  );
  const perSecond = (r: RawResult) => r.totalCompletedRequests / Math.max(r.samples, 1);
  const instances = raws.map((r, i): InstanceLoad => {
    const latency = autocannon.aggregateResult([r], { url: urls[i] }).latency;
    return {
      url: urls[i] as string,
      connections: shares[i] as number,
      requests: r.totalCompletedRequests,
      requestsPerSecond: round(perSecond(r), 0),
      p50: latency.p50,
      p99: latency.p99,
    };
  });
  const merged = autocannon.aggregateResult(raws, { url: urls[0] }).latency;
  return {
    requestsPerSecond: raws.reduce((sum, r) => sum + perSecond(r), 0),
    requests: raws.reduce((sum, r) => sum + r.totalCompletedRequests, 0),
    p50: merged.p50,
    p99: merged.p99,
    wrongStatus,
    errors: raws.reduce((sum, r) => sum + r.errors, 0),
    timeouts: raws.reduce((sum, r) => sum + r.timeouts, 0),
    instances,
  };
}

/**
 * Where the load runs (honest load). `shared`: the OS puts the server processes, the load
 * generator (autocannon, in this process) and PostgreSQL on any core, so they take CPU from each
 * other. `pinned`: with taskset, every thread of the server processes on the first half of the cores
 * and every thread of this process on the other half (PostgreSQL, when used, stays unpinned).
 */
type Layout = 'shared' | 'pinned';

/** The cores of each side of the pinned layout; undefined on a machine with one core. */
/** The cores this process may use, read once before it pins itself (availableParallelism follows the affinity). */
const CORES = os.availableParallelism();

function pinnedCores(cores = CORES): { server: string; load: string } | undefined {
  if (cores < 2) return undefined;
  const half = Math.floor(cores / 2);
  const list = (from: number, to: number) => (from === to ? String(from) : `${from}-${to}`);
  return { server: list(0, half - 1), load: list(half, cores - 1) };
}

const setAffinity = (pid: number, cores: string) =>
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cores, String(pid)], { stdio: 'ignore' });

/**
 * Runs `work` in `layout`: for `pinned`, the servers and this process are pinned first and this
 * process is given every core back afterwards (the servers are stopped by their callers).
 */
async function inLayout<T>(layout: Layout, serverPids: readonly number[], work: () => Promise<T>): Promise<T> {
  const cores = pinnedCores();
  if (layout === 'shared' || !cores) return work();
  for (const pid of serverPids) setAffinity(pid, cores.server);
  setAffinity(process.pid, cores.load);
  try {
    return await work();
  } finally {
    setAffinity(process.pid, `0-${CORES - 1}`);
  }
}

const LAYOUTS: readonly Layout[] = pinnedCores() ? ['shared', 'pinned'] : ['shared'];

export function layoutNote(): string {
  const cores = pinnedCores();
  return cores
    ? `Two layouts, each measured for the portal and for the bare route: shared (the OS places the servers, ` +
        `autocannon and PostgreSQL on any core) and pinned (taskset: every thread of the server processes on ` +
        `core(s) ${cores.server}, every thread of the bench process running autocannon on core(s) ${cores.load}; ` +
        `PostgreSQL unpinned). The budgets judge the pinned layout, where the load generator cannot take the ` +
        `server's CPU.`
    : 'One core: only the shared layout could be measured.';
}

/** The requests of each layout: how many, and how many failed. */
export function requestsNote(real: PortalLoad['real'], bare: PortalLoad['real']): string {
  return LAYOUTS.map((layout) => {
    const r = real[layout];
    const b = bare[layout];
    if (!r || !b) return '';
    return (
      `Requests (${layout}): ${r.requests.toLocaleString('en-AU')} to the portal ` +
      `(answers other than HTTP 200: ${r.wrongStatus}, errors ${r.errors}, timeouts ${r.timeouts}); ` +
      `${b.requests.toLocaleString('en-AU')} to the bare route.`
    );
  })
    .filter(Boolean)
    .join(' ');
}

/** Throws when more than 1 % of the requests of any layout failed (wrong status, error or time-out). */
export function checkAnswers(real: PortalLoad['real'], logs: string): void {
  for (const layout of LAYOUTS) {
    const load = real[layout];
    if (load) checkLoad(load, logs);
  }
}

function checkLoad(load: ApiLoad, logs: string): void {
  const failures = load.wrongStatus + load.errors + load.timeouts;
  if (failures > 0.01 * load.requests) {
    throw new Error(
      `the real server failed ${failures} of ${load.requests} requests ` +
        `(status ≠ 200: ${load.wrongStatus}, errors ${load.errors}, timeouts ${load.timeouts}); see ${logs}`,
    );
  }
}

/** Every call's answer (each must be HTTP 200), the getmessages page checked: the bare server's JSON. */
async function captureResponses(url: string, token: string, heavy: number): Promise<Record<string, unknown>> {
  const responses: Record<string, unknown> = {};
  for (const c of API_CALLS) responses[c.path] = await postJson(`${url}${c.path}`, { ...c.body, AccessToken: token });
  const page = responses['/api/inbox/getmessages'] as { Total: number; Items: unknown[] };
  if (page.Total !== heavy || page.Items.length !== 10)
    throw new Error(`getmessages: expected a page of 10 of ${heavy}, got ${page.Items.length} of ${page.Total}`);
  return responses;
}

/** One request at a time, to say which call costs what (the load mixes them): median of the last 15 of 20, ms. */
async function timeEachCall(url: string, token: string): Promise<Record<string, number>> {
  const single: Record<string, number> = {};
  for (const c of API_CALLS) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = process.hrtime.bigint();
      await postJson(`${url}${c.path}`, { ...c.body, AccessToken: token });
      times.push(msSince(t));
    }
    single[c.path] = round(median(times.slice(5)), 1);
  }
  return single;
}

const PAYMENTS_PAGE = { path: '/api/payments/getpayments', body: { Offset: 0, Amount: 10 } };

/** The payments page (10 rows) of a claim holding `heavyPayments` and of one holding LIGHT_PAYMENTS. */
export type PaymentsPages = { heavy: number; light: number; heavyTotal: number };

/**
 * The first payments page of the heavy claim and of the light one, one request at a time,
 * interleaved (so both see the same machine): median of the last 30 of 40 each, ms.
 */
async function timePaymentsPages(url: string, heavyToken: string, expected: number): Promise<PaymentsPages> {
  const lightToken = await signInWithClaim(url, LIGHT_USER, LIGHT_CLAIM);
  const page = (token: string) =>
    postJson<{ Total: number; Items: unknown[] }>(`${url}${PAYMENTS_PAGE.path}`, {
      ...PAYMENTS_PAGE.body,
      AccessToken: token,
    });
  const heavyPage = await page(heavyToken);
  const lightPage = await page(lightToken);
  if (heavyPage.Total !== expected || heavyPage.Items.length !== 10 || lightPage.Total !== LIGHT_PAYMENTS)
    throw new Error(
      `getpayments: expected 10 of ${expected} and ${LIGHT_PAYMENTS} of ${LIGHT_PAYMENTS}, ` +
        `got ${heavyPage.Items.length} of ${heavyPage.Total} and ${lightPage.Items.length} of ${lightPage.Total}`,
    );
  const heavy: number[] = [];
  const light: number[] = [];
  for (let i = 0; i < 40; i++) {
    for (const [token, times] of [
      [heavyToken, heavy],
      [lightToken, light],
    ] as const) {
      const t = process.hrtime.bigint();
      await page(token);
      times.push(msSince(t));
    }
  }
  return { heavy: round(median(heavy.slice(10)), 2), light: round(median(light.slice(10)), 2), heavyTotal: expected };
}

/** The paging figure: the payments page of a 5 000-payment claim beside a 10-payment one (and the inbox page). */
export function paymentsFigure(name: string, pages: PaymentsPages, inboxPage: number | undefined): Figure {
  return {
    id: `${name}.payments-page`,
    label: `Payments page (10 of ${pages.heavyTotal.toLocaleString('en-AU')}), one at a time`,
    value: pages.heavy,
    unit: 'ms',
    baseline: {
      label: `10 of ${LIGHT_PAYMENTS}${inboxPage ? `; the inbox page ${inboxPage} ms` : ''}`,
      value: pages.light,
      unit: 'ms',
    },
    ratio: round(pages.heavy / Math.max(pages.light, 0.01), 2),
    ratioLabel: `× 10 of ${LIGHT_PAYMENTS}`,
  };
}

export function singleCallNote(single: Record<string, number>, where = ''): string {
  return `One request at a time${where} (median of 15, ms): ${Object.entries(single)
    .map(([p, ms]) => `${p.split('/').pop()} ${ms}`)
    .join(', ')}.`;
}

export type PortalLoad = {
  real: Partial<Record<Layout, ApiLoad>> & { shared: ApiLoad };
  single: Record<string, number>;
  payments: PaymentsPages;
  responses: Record<string, unknown>;
};

/**
 * The portal's processes under load: the heavy claimant signs in on the first, which answers
 * every call once (the bare route's JSON; each other process must answer the same to that
 * session) and times each call alone; then every process takes the warm-up and the measured load.
 */
export async function loadPortal(
  log: (message: string) => void,
  servers: readonly { url: string; pid: number }[],
  settings: ApiSettings,
): Promise<PortalLoad> {
  const urls = servers.map((s) => s.url);
  const { connections, duration, warmup } = settings;
  const first = urls[0] as string;
  const token = await signInWithClaim(first, HEAVY_USER, HEAVY_CLAIM);
  const responses = await captureResponses(first, token, settings.heavy);
  for (const url of urls.slice(1)) {
    const theirs = await captureResponses(url, token, settings.heavy);
    if (JSON.stringify(theirs) !== JSON.stringify(responses))
      throw new Error(`${url} answers the session of ${first} differently`);
  }
  const single = await timeEachCall(first, token);
  log(`one at a time (median ms): ${JSON.stringify(single)}`);
  const payments = await timePaymentsPages(first, token, settings.heavyPayments);
  log(`payments page one at a time (median ms): ${JSON.stringify(payments)}`);
  const what = urls.length > 1 ? 'servers' : 'server';
  const over = urls.length > 1 ? ` over ${urls.length} processes` : '';
  const real = await eachLayout(servers, async (layout) => {
    log(`real ${what} (${layout}): ${warmup} s warm-up, then ${duration} s × ${connections} connections${over}`);
    await loadApi(urls, token, connections, warmup);
    return loadApi(urls, token, connections, duration);
  });
  return { real, single, payments, responses };
}

/** `measure` once in each layout, the servers kept running between them. */
async function eachLayout(
  servers: readonly { pid: number }[],
  measure: (layout: Layout) => Promise<ApiLoad>,
): Promise<PortalLoad['real']> {
  const pids = servers.map((s) => s.pid);
  const loads: Partial<Record<Layout, ApiLoad>> = {};
  for (const layout of LAYOUTS) loads[layout] = await inLayout(layout, pids, () => measure(layout));
  return loads as PortalLoad['real'];
}

/**
 * The four figures of an API benchmark, ids `<name>.requests-per-second|ratio|p50|p99` (the
 * budgets key on ratio and p99). `qualifier` tells the labels of one variant from another's
 * in RESULTS.md's budget table.
 */
export function apiFigures(name: string, real: PortalLoad['real'], bare: PortalLoad['real'], qualifier = ''): Figure[] {
  return LAYOUTS.flatMap((layout) => {
    const r = real[layout];
    const b = bare[layout];
    if (!r || !b) return [];
    // The shared layout keeps the ids (and the Node 20 figures) it always had; pinned ones are `<name>.pinned.*`.
    const id = layout === 'shared' ? name : `${name}.pinned`;
    const q = [qualifier, layout === 'pinned' ? 'pinned' : ''].filter(Boolean).join(', ');
    return layoutFigures(id, r, b, q ? ` (${q})` : '');
  });
}

function layoutFigures(name: string, real: ApiLoad, bare: ApiLoad, q: string): Figure[] {
  return [
    {
      id: `${name}.requests-per-second`,
      label: `Claimant API mix, requests/s${q}`,
      value: round(real.requestsPerSecond, 0),
      unit: 'req/s',
      baseline: {
        label: 'bare Fastify, same JSON from memory',
        value: round(bare.requestsPerSecond, 0),
        unit: 'req/s',
      },
    },
    {
      id: `${name}.ratio`,
      label: `API throughput vs bare Fastify${q}`,
      value: round((100 * real.requestsPerSecond) / bare.requestsPerSecond, 1),
      unit: '%',
    },
    ...(['p50', 'p99'] as const).map((p) => ({
      id: `${name}.${p}`,
      label: `API latency ${p}${q}`,
      value: real[p],
      unit: 'ms',
      baseline: { label: `bare Fastify ${p}`, value: bare[p], unit: 'ms' },
      ratio: round(real[p] / Math.max(bare[p], 1), 1),
      ratioLabel: '× bare',
    })),
  ];
}

/**
 * The baseline: `processes` bare Fastify processes (bench/bare-server.ts) answering the paths
 * with the portal's own captured answers from memory, loaded exactly as the portal was.
 */
export async function loadBareRoute(
  log: (message: string) => void,
  options: {
    dataDir: string;
    responses: Record<string, unknown>;
    processes: number;
    connections: number;
    warmup: number;
    duration: number;
  },
): Promise<PortalLoad['real']> {
  const responsesFile = path.join(options.dataDir, 'bare-responses.json');
  fs.writeFileSync(responsesFile, JSON.stringify(options.responses));
  const running = await startServers(options.processes, {
    dataDir: options.dataDir,
    script: path.join(BENCH_DIR, 'bare-server.ts'),
    nodeArgs: ['--import', 'tsx'],
    readyPath: '/ready',
    env: { BARE_RESPONSES: responsesFile },
  });
  try {
    const urls = running.map((s) => s.url);
    const over = options.processes > 1 ? ` over ${options.processes} processes` : '';
    return await eachLayout(running, async (layout) => {
      log(
        `bare Fastify (${layout}): ${options.warmup} s warm-up, then ${options.duration} s × ${options.connections} ` +
          `connections${over}`,
      );
      await loadApi(urls, 'not-checked', options.connections, options.warmup);
      return loadApi(urls, 'not-checked', options.connections, options.duration);
    });
  } finally {
    await stopServers(running);
  }
}
