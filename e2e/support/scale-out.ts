/**
 * The deploy/ layout for real, on loopback: a fresh PostgreSQL database, portal processes over
 * it (the built server, one shared DATA_DIR), and Debian's nginx in front of them with the
 * upstream block of deploy/nginx.conf and the locations of deploy/nginx/portal-locations.conf.
 * Every process is a child of the test and is stopped by it (and killed if the test process
 * exits first).
 *
 * Requests go through node:http rather than fetch: `from` picks the client's loopback address
 * (127.0.0.2, 127.0.0.3, …), so each part of a test is its own client for the per-address
 * limits — directly to a process and through nginx (which passes the address on in
 * X-Forwarded-For) alike: loopback-http.ts, with the streamed upload in streamed-upload.ts and
 * the children's bookkeeping in child-processes.ts (all re-exported here).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT, SERVER_ENTRY } from './paths.ts';
import { freePort } from './server.ts';
import { childPids, hasExited, keepLines, track, within, type Exit } from './child-processes.ts';
import { send } from './loopback-http.ts';

export * from './loopback-http.ts';
export * from './streamed-upload.ts';

/** Debian's nginx (scripts/ensure-debian-packages.mjs installs it). */
const NGINX_PATH = '/usr/sbin/nginx';
const DEPLOY_NGINX_CONF = path.join(REPO_ROOT, 'deploy', 'nginx.conf');
const PORTAL_LOCATIONS_CONF = path.join(REPO_ROOT, 'deploy', 'nginx', 'portal-locations.conf');

// ---------------------------------------------------------------------------------------------
// PostgreSQL: one database per test file, dropped afterwards.

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A new, empty database beside the one `adminUrl` names (the portal migrates it at start). */
export async function createDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `e2e_scale_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

// ---------------------------------------------------------------------------------------------
// Portal processes.

export type PortalProcess = {
  name: string;
  pid: number;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  /** host:port, as nginx's $upstream_addr names it. */
  address: string;
  output: () => string;
  /** Resolves when the process has exited (however). */
  exited: Promise<Exit>;
  signal: (signal: NodeJS.Signals) => void;
  /** SIGTERM, then SIGKILL after 30 s (the portal's own bound is 25 s). */
  stop: () => Promise<void>;
};

/** Starts `node <server build>/main.js` on a free port and waits until /readyz answers 200. */
export async function startPortal(options: {
  name: string;
  env: Record<string, string>;
  readyWithinMs: number;
}): Promise<PortalProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    // Two portals on one host: the default metrics port would be taken by the first.
    env: { ...process.env, METRICS_PORT: 'off', ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = track(child, 'SIGKILL');
  const output = keepLines(child, options.name);
  const stop = async () => {
    if (hasExited(child)) return;
    child.kill('SIGTERM');
    if (!(await within(exited, 30_000))) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const portal: PortalProcess = {
    name: options.name,
    pid: child.pid ?? 0,
    port,
    url,
    address: `127.0.0.1:${port}`,
    output,
    exited,
    signal: (signal) => {
      child.kill(signal);
    },
    stop,
  };

  const deadline = Date.now() + options.readyWithinMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(
        `${options.name} exited during start-up (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}`,
      );
    }
    try {
      const reply = await send(`${url}/readyz`, { timeoutMs: 3_000 });
      if (reply.status === 200) return portal;
      last = `HTTP ${reply.status} ${reply.text}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${options.name} was not ready within ${options.readyWithinMs / 1000} s (${last}):\n${output()}`);
}

// ---------------------------------------------------------------------------------------------
// nginx.

export type Nginx = { url: string; port: number; output: () => string; stop: () => Promise<void> };

/**
 * deploy/nginx.conf's `upstream portal { … }` block with its server addresses replaced by
 * `ports`, in order: the balancing method, max_fails and keepalive are the deployed ones.
 */
function deployedUpstream(ports: readonly number[]): string {
  const deployed = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const block = /^upstream portal \{[^}]*\}/m.exec(deployed)?.[0];
  if (!block) throw new Error(`${path.relative(REPO_ROOT, DEPLOY_NGINX_CONF)} has no "upstream portal { … }" block`);
  const servers = block.match(/^\s*server\s+\S+[^;]*;\s*$/gm) ?? [];
  if (servers.length !== ports.length) {
    throw new Error(
      `the upstream block of ${path.relative(REPO_ROOT, DEPLOY_NGINX_CONF)} lists ${servers.length} servers; the test runs ${ports.length}`,
    );
  }
  let index = 0;
  return block.replace(/^(\s*server\s+)\S+/gm, (_match, lead: string) => `${lead}127.0.0.1:${ports[index++]}`);
}

/**
 * Runs nginx in the foreground (`daemon off`) from a prefix directory of its own — pid file,
 * temp paths and error log there, nothing under /etc, /var or /run — listening on a free
 * loopback port, proxying to `upstreams` through the deployed upstream block and locations.
 */
export async function startNginx(options: { upstreams: readonly number[]; readyWithinMs: number }): Promise<Nginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(
      `${NGINX_PATH} is missing. Run \`node scripts/ensure-debian-packages.mjs\` (\`npm run test:e2e\` does).`,
    );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'));
  // As root, nginx's workers run as nobody: they must reach the temp paths inside.
  await chmod(dir, 0o755);
  const port = await freePort();
  const config = `# Generated by e2e/support/scale-out.ts.
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

    ${deployedUpstream(options.upstreams).replace(/\n/g, '\n    ')}

    server {
        # deploy/nginx.conf terminates TLS on 443; the rest of its server block is this include.
        listen 127.0.0.1:${port};
        server_name localhost;
        # The test's own: which process answered.
        add_header X-Portal-Upstream $upstream_addr always;
        include ${PORTAL_LOCATIONS_CONF};
    }
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child = spawn(NGINX_PATH, ['-p', `${dir}/`, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Should the test process die first, SIGTERM lets the master stop its workers.
  const exited = track(child, 'SIGTERM');
  const output = keepLines(child, 'nginx');
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!hasExited(child)) {
      const workers = child.pid ? childPids(child.pid) : [];
      child.kill('SIGTERM');
      if (!(await within(exited, 10_000))) {
        for (const pid of workers) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        child.kill('SIGKILL');
        await exited;
      }
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + options.readyWithinMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      await stop();
      throw new Error(
        `nginx exited during start-up (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}\n${config}`,
      );
    }
    try {
      const reply = await send(`${url}/api/information/getinformation`, { timeoutMs: 3_000 });
      if (reply.status === 200) return { url, port, output, stop };
      last = `HTTP ${reply.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`nginx did not answer within ${options.readyWithinMs / 1000} s (${last}):\n${output()}`);
}
