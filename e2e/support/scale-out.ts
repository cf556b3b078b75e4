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
 * X-Forwarded-For) alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEVICE_COOKIE } from './api.ts';
import { REPO_ROOT, SERVER_ENTRY } from './paths.ts';
import { freePort } from './server.ts';

/** Debian's nginx (scripts/ensure-debian-packages.mjs installs it). */
export const NGINX_PATH = '/usr/sbin/nginx';
export const DEPLOY_NGINX_CONF = path.join(REPO_ROOT, 'deploy', 'nginx.conf');
export const PORTAL_LOCATIONS_CONF = path.join(REPO_ROOT, 'deploy', 'nginx', 'portal-locations.conf');
/** The response header the test's nginx adds: which upstream answered ($upstream_addr). */
export const UPSTREAM_HEADER = 'x-portal-upstream';

const OUTPUT_LINES_KEPT = 200;

// ---------------------------------------------------------------------------------------------
// Children: whatever is still running when the test process exits is stopped with it.

const running = new Map<ChildProcess, NodeJS.Signals>();
process.once('exit', () => {
  for (const [child, signal] of running) {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
});

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

function track(child: ChildProcess, emergencySignal: NodeJS.Signals): Promise<Exit> {
  running.set(child, emergencySignal);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: Date.now() });
    });
  });
}

function keepLines(child: ChildProcess, name: string): () => string {
  const lines: string[] = [];
  const keeper = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      // A chunk may end inside a line: keep its start for the next chunk.
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line) continue;
        lines.push(`[${name}] ${line}`);
        if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
      }
    };
  };
  child.stdout?.on('data', keeper());
  child.stderr?.on('data', keeper());
  return () => lines.join('\n');
}

async function within(exit: Promise<Exit>, ms: number): Promise<Exit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([exit, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The PIDs of a process's own children (nginx's workers), for a last-resort kill. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

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
export function deployedUpstream(ports: readonly number[]): string {
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

// ---------------------------------------------------------------------------------------------
// HTTP.

export type Reply = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One request on a new connection from `from` (a loopback address; default the system's pick). */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    from?: string;
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  const method = options.method ?? 'GET';
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: options.headers, localAddress: options.from, agent: false, timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    request.end(options.body);
  });
}

/** Whether a new TCP connection to this loopback port is accepted now (false: refused). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(false) : reject(error),
    );
  });
}

export type ApiReply = {
  status: number;
  body: unknown;
  /** Through nginx: the process that answered (host:port); undefined for direct calls. */
  upstream: string | undefined;
};

/** The first error number of a 225 answer (undefined for any other answer). */
export function errorNumber(reply: ApiReply): number | undefined {
  if (reply.status !== 225 || !Array.isArray(reply.body)) return undefined;
  return (reply.body[0] as { Number?: number } | undefined)?.Number;
}

function cookieValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  for (const cookie of headers['set-cookie'] ?? []) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/**
 * One browser as the web app drives the API: the XSRF-TOKEN cookie the server set, echoed in
 * X-XSRF-TOKEN on every POST, and the portal_device cookie once a server sets it — sent to
 * whichever origin (process or nginx) a call goes to.
 */
export class ClaimantBrowser {
  private xsrf: string | undefined;
  device: string | undefined;

  /** `from`: this browser's loopback address (its "client address" for the rate limits). */
  constructor(readonly from: string) {}

  private cookies(): Record<string, string> {
    const pairs = [
      ...(this.xsrf ? [`XSRF-TOKEN=${encodeURIComponent(this.xsrf)}`] : []),
      ...(this.device ? [`${DEVICE_COOKIE}=${this.device}`] : []),
    ];
    return pairs.length > 0 ? { Cookie: pairs.join('; ') } : {};
  }

  private remember(headers: http.IncomingHttpHeaders): void {
    this.xsrf = cookieValue(headers, 'XSRF-TOKEN') ?? this.xsrf;
    const device = cookieValue(headers, DEVICE_COOKIE);
    if (device) this.device = encodeURIComponent(device);
  }

  /** The first GET of the app, which sets the XSRF-TOKEN cookie. */
  async open(base: string): Promise<void> {
    const reply = await send(`${base}/api/information/getinformation`, { from: this.from, headers: this.cookies() });
    if (reply.status !== 200)
      throw new Error(`GET ${base}/api/information/getinformation answered HTTP ${reply.status}`);
    this.remember(reply.headers);
    if (!this.xsrf) throw new Error('the portal did not set an XSRF-TOKEN cookie');
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    if (!this.xsrf) throw new Error('open() the portal first: there is no XSRF-TOKEN yet');
    return { ...this.cookies(), 'X-XSRF-TOKEN': this.xsrf, Accept: 'application/json', ...extra };
  }

  async post(base: string, apiPath: string, body: Record<string, unknown>): Promise<ApiReply> {
    const reply = await send(`${base}${apiPath}`, {
      method: 'POST',
      from: this.from,
      headers: this.headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
    });
    this.remember(reply.headers);
    let parsed: unknown = reply.text;
    try {
      parsed = JSON.parse(reply.text);
    } catch {
      // keep the text
    }
    const upstream = reply.headers[UPSTREAM_HEADER];
    // After a retry nginx lists every upstream it tried: the last one answered.
    return {
      status: reply.status,
      body: parsed,
      upstream: typeof upstream === 'string' ? upstream.split(',').pop()?.trim() : undefined,
    };
  }

  /** POSTs and insists on HTTP 200. */
  async ok<T = Record<string, unknown>>(base: string, apiPath: string, body: Record<string, unknown>): Promise<T> {
    const reply = await this.post(base, apiPath, body);
    if (reply.status !== 200)
      throw new Error(`POST ${base}${apiPath} answered HTTP ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body as T;
  }
}

// ---------------------------------------------------------------------------------------------
// A multipart upload the test streams at its own pace.

export type Upload = {
  /** File bytes written so far. */
  written: () => number;
  /** Set once the server has answered (before the body was complete, that is an error). */
  answered: () => boolean;
  /** Writes up to `bytes` more of the file, waiting for the socket to drain. */
  write: (bytes: number) => Promise<void>;
  /** Writes the rest of the file and the closing boundary. */
  finish: (chunkBytes: number) => Promise<void>;
  response: Promise<Reply>;
};

/**
 * POSTs a multipart form — `fields` first, then one file of `size` bytes of plain text as
 * `fileField` — on one connection from `from`, with the body written only as fast as the
 * caller asks.
 */
export function startUpload(
  url: string,
  options: {
    browser: ClaimantBrowser;
    fields: Record<string, string>;
    fileField: string;
    filename: string;
    size: number;
  },
): Upload {
  const boundary = `----portal-scale-out-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    [
      ...Object.entries(options.fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField}"; filename="${options.filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const line = Buffer.from('A line of a long letter, sent slowly while its portal process shuts down.\n');
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length; i += line.length) line.copy(block, i);
  // Complete lines only: the block boundary must not split a character (all ASCII anyway).
  block.fill(0x0a, block.length - (block.length % line.length));

  let written = 0;
  let answered = false;
  const request = http.request(url, {
    method: 'POST',
    localAddress: options.browser.from,
    agent: false,
    headers: options.browser.headers({
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + options.size + tail.length),
    }),
  });
  const response = new Promise<Reply>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
  });
  // A failure surfaces through `response`; the writes below only stop waiting.
  response.catch(() => undefined);
  request.write(head);

  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        request.off('drain', done);
        request.off('close', done);
        resolve();
      };
      request.once('drain', done);
      request.once('close', done);
    });

  const write = async (bytes: number) => {
    let left = Math.min(bytes, options.size - written);
    while (left > 0) {
      if (answered || request.destroyed) {
        const early = await response.then(
          (r) => `HTTP ${r.status}: ${r.text}`,
          (e: unknown) => (e as Error).message,
        );
        throw new Error(`the upload ended after ${written} of ${options.size} bytes: ${early}`);
      }
      const chunk = block.subarray(0, Math.min(left, block.length));
      written += chunk.length;
      left -= chunk.length;
      if (!request.write(chunk)) await drained();
    }
  };

  return {
    written: () => written,
    answered: () => answered,
    write,
    finish: async (chunkBytes) => {
      while (written < options.size) await write(chunkBytes);
      request.end(tail);
    },
    response,
  };
}
