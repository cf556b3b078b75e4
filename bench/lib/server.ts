/**
 * The server as a separate process, as it runs in production: a database prepared with the
 * server's own migrations and seeds (plus a known browser for every account, as
 * apps/server/test/helpers.ts does, so a sign-in needs no e-mailed code), then
 * `node apps/server/dist/main.js` with the environment a benchmark needs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AccountActivated } from '@portal/contracts';
import { openDatabase, type Db } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedContent } from '../../apps/server/src/db/seed/content.ts';
import { seedDemoData, seedReferenceFiles } from '../../apps/server/src/db/seed/demo.ts';
import { seedReferenceData } from '../../apps/server/src/db/seed/reference.ts';
import type { Deps } from '../../apps/server/src/deps.ts';
import { dataCipher, deriveKey } from '../../apps/server/src/lib/crypto.ts';
import { DEVICE_COOKIE, deviceCookieValue } from '../../apps/server/src/modules/device/service.ts';
import { REPO_ROOT, SERVER_MAIN } from './paths.ts';

/** A fixed data key, so the bench can sign the device cookie the server will accept. */
export const BENCH_KEY = crypto.createHash('sha256').update('portal-bench-key').digest();
export const KNOWN_DEVICE = 'portal-bench-known-device';
export const CSRF = 'portal-bench-csrf';
export const DEMO_PASSWORD = 'Claimant#2026';

/** The cookie header of a browser every account has verified on, with the CSRF double-submit cookie. */
export function browserCookies(): string {
  const value = deviceCookieValue({ hmacKey: deriveKey(BENCH_KEY, 'hmac') } as Deps, KNOWN_DEVICE);
  return `__Host-XSRF-TOKEN=${CSRF}; ${DEVICE_COOKIE}=${value}`;
}

/** Headers of a claimant API call: JSON, the CSRF cookie and header, the known-device cookie. */
export function apiHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', cookie: browserCookies(), 'x-xsrf-token': CSRF };
}

/**
 * Migrates and seeds a database as the server would (demo data included), runs `extra` on it,
 * and marks every account as verified on the bench's browser. SQLite or PostgreSQL alike.
 */
export async function seedDatabase(db: Db, extra?: (db: Db) => Promise<void>): Promise<void> {
  const now = Date.now();
  await migrateToLatest(db);
  await seedReferenceData(db);
  await seedDemoData(db, dataCipher(BENCH_KEY), now);
  await seedReferenceFiles(db);
  await seedContent(db, now);
  if (extra) await extra(db);
  const accounts = await db.selectFrom('accounts').select('id').execute();
  for (let i = 0; i < accounts.length; i += 500) {
    await db
      .insertInto('known_devices')
      .values(accounts.slice(i, i + 500).map((a) => ({ account_id: a.id, device_id: KNOWN_DEVICE, verified_at: now })))
      .execute();
  }
}

/** A fresh SQLite database `dataDir/portal.db`, prepared by seedDatabase. */
export async function prepareDatabase(dataDir: string, extra?: (db: Db) => Promise<void>): Promise<string> {
  const file = path.join(dataDir, 'portal.db');
  const handle = openDatabase({ dialect: 'sqlite', file });
  try {
    await seedDatabase(handle.db, extra);
  } finally {
    await handle.close();
  }
  return file;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  url: string;
  pid: number;
  child: ChildProcess;
  logFile: string;
  stop: () => Promise<void>;
};

async function waitUntilUp(url: string, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  // `url` is the address of a GET that answers 200 once the process is ready.
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(
        `server exited with ${child.exitCode}; see ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms; see ${logFile}`);
}

/** Spawns a Node script (the server bundle by default) and waits for it to answer. */
export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  script?: string;
  nodeArgs?: string[];
  readyPath?: string;
}): Promise<RunningServer> {
  if (!options.script && !fs.existsSync(SERVER_MAIN))
    throw new Error(`${SERVER_MAIN} is missing: run npm run build -w apps/server`);
  const port = await freePort();
  const logFile = path.join(options.dataDir, `server-${port}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script ?? SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATA_ENCRYPTION_KEY: BENCH_KEY.toString('base64'),
      WEB_DIST: path.join(options.dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      // Production refuses to start without e-mail delivery; no benchmark sends mail (nothing listens here).
      SMTP_URL: 'smtp://127.0.0.1:9',
      // Nor with the placeholder provider contacts of the defaults.
      PROVIDER_PRIVACY_EMAIL: 'privacy@tac.vic.gov.au',
      PROVIDER_WEBSITE: 'https://www.tac.vic.gov.au',
      // Nor without the public address passkeys are bound to (no benchmark makes one).
      PUBLIC_URL: 'https://portal.tac.vic.gov.au',
      // Several benchmark servers may run at once; the default metrics port fits one.
      METRICS_PORT: 'off',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(`${url}${options.readyPath ?? '/api/information/getinformation'}`, child, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, pid: child.pid as number, child, logFile, stop };
}

/**
 * `count` processes of one script, each on its own port, started one after another (each waits
 * until the previous one answers: the portal migrates the database as it starts). If one fails
 * to start, those already running are stopped.
 */
export async function startServers(
  count: number,
  options: Parameters<typeof startServer>[0],
): Promise<RunningServer[]> {
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startServer(options));
  } catch (e) {
    await stopServers(servers);
    throw e;
  }
  return servers;
}

export async function stopServers(servers: readonly RunningServer[]): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}

/** POSTs JSON as the web app does; throws unless the answer is HTTP 200. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Signs in from the known browser; the account must then be fully signed in (AccountActivated 2). */
export async function signIn(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await postJson<{ AccessToken: string; AccountActivated: number }>(`${baseUrl}/api/account/login`, {
    EmailAddress: username,
    Password: password,
    RememberMe: false,
    DeviceType: 0,
  });
  if (r.AccountActivated !== AccountActivated.Activated)
    throw new Error(`sign-in of ${username} needs more steps (AccountActivated ${r.AccountActivated})`);
  return r.AccessToken;
}

/** The process's resident set and its high-water mark, in bytes, from /proc/<pid>/status. */
export function readRss(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets VmHWM to the current RSS (Linux: write 5 to clear_refs); false where not permitted. */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Signs in and selects a claim, as the web app does after sign-in. */
export async function signInWithClaim(baseUrl: string, username: string, claimNumber: string): Promise<string> {
  const token = await signIn(baseUrl, username);
  await postJson(`${baseUrl}/api/claim/selectclaim`, { AccessToken: token, Number: claimNumber });
  return token;
}
