/**
 * One real portal process per test file: the built server (apps/server/dist/main.js) on a free
 * port, with its own fresh DATA_DIR (so a new SQLite database, migrated and loaded with the demo
 * data), serving the built web app, and delivering its e-mail and texts to sinks of the test's.
 * Tests that change server state (sign-in throttling) start their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startSmsSink, startSmtpSink, type Sink } from '../../apps/server/test/mail-sink.ts';
import { ApiClient } from './api.ts';
import { REPO_ROOT, SERVER_ENTRY, WEB_DIST } from './paths.ts';
import { portalDb } from './portal-db.ts';

export type RunningServer = {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** The server's data directory (its SQLite database is portal.db there). */
  dataDir: string;
  /** The SMTP server the portal sends its e-mail to (codes are read from it). */
  mail: Sink;
  /** The HTTP endpoint the portal's SMS webhook posts its texts to (codes sent by SMS are read from it). */
  sms: Sink;
  /** The portal_device cookie of a browser every activated demo account has verified on. */
  knownDevice: string;
  /** The last lines the process wrote, for failure messages. */
  output: () => string;
  /** Set when the process ended without stop() being called: how, and its last output. */
  crashed: () => string | undefined;
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 20_000;
const OUTPUT_LINES_KEPT = 200;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The run's snapshot of the web build (global-setup.ts), or apps/web/dist outside Vitest. */
function webDist(): string {
  try {
    return inject('webDist') || WEB_DIST;
  } catch {
    return WEB_DIST;
  }
}

/** Activated demo accounts: the known browser is verified for each (see knownBrowser). */
const VERIFIED_DEMO_ACCOUNTS = [
  'alex.citizen@example.com',
  'sam.single@example.com',
  'pat.trustee@example.com',
  'new.registrant@example.com',
];

/** One device id, verified for every activated demo account through the real code flow. */
async function knownBrowser(url: string, mail: Sink): Promise<string> {
  const api = new ApiClient(url);
  for (const username of VERIFIED_DEMO_ACCOUNTS) await api.verifyDevice(username, mail);
  if (!api.device) throw new Error('the server never set a portal_device cookie');
  return api.device;
}

export async function startServer(options: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const [mail, sms] = await Promise.all([startSmtpSink(), startSmsSink()]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
    }
  };

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PORTAL_DEMO: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist(),
      // Real delivery: e-mail over SMTP and texts through the SMS webhook, each to a
      // sink of this test's; nothing reaches the development mailbox.
      SMTP_URL: mail.url,
      SMS_WEBHOOK_URL: sms.url,
      // Every test comes from 127.0.0.1 and loads the whole app many times a minute: the
      // per-address limits (which also count the static files) would stop the suite itself.
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // Servers of parallel tests would all want the default metrics port.
      METRICS_PORT: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopped = false;
  let crash: string | undefined;
  child.once('exit', (code, signal) => {
    if (!stopped)
      crash = `the portal server (${url}) exited unexpectedly (code ${code}, signal ${signal}). Its last output:\n${lines.join('\n')}`;
  });
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
    await Promise.all([mail.close(), sms.close()]);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `The portal server exited during start-up (code ${child.exitCode}, signal ${child.signalCode}):\n${lines.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/information/getinformation`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        try {
          const knownDevice = await knownBrowser(url, mail);
          return { url, dataDir, mail, sms, knownDevice, output: () => lines.join('\n'), crashed: () => crash, stop };
        } catch (error) {
          await stop();
          throw new Error(
            `Could not verify the demo accounts' browser: ${(error as Error).message}\n${lines.join('\n')}`,
            { cause: error },
          );
        }
      }
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(
    `The portal server did not answer within ${START_TIMEOUT_MS / 1000} s (${lastProblem}):\n${lines.join('\n')}`,
  );
}

/**
 * Lets server time pass for one session: its last request moves `idleForMs` into the past, or its
 * absolute lifetime ends now. The portal reads the system clock and has no test hook for it (its
 * injectable clock exists only for buildApp in integration tests), and a test cannot wait 20
 * minutes, so the session's own times are moved back in the server's SQLite database — which is
 * exactly what that much elapsed time would look like to the server.
 */
export function ageSession(
  server: RunningServer,
  token: string,
  change: { idleForMs: number } | { lifetimeEnded: true },
): void {
  // The server keeps only the SHA-256 of a token (apps/server/src/modules/session/service.ts).
  const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
  const db = portalDb(server.dataDir);
  try {
    const now = Date.now();
    const result =
      'idleForMs' in change
        ? db.prepare('update sessions set last_seen_at = ? where token_hash = ?').run(now - change.idleForMs, tokenHash)
        : db.prepare('update sessions set expires_at = ? where token_hash = ?').run(now - 1_000, tokenHash);
    if (result.changes !== 1) throw new Error('ageSession: the server has no session for that token');
  } finally {
    db.close();
  }
}
