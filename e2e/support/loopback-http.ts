/**
 * HTTP for the scale-out test through node:http rather than fetch: `from` picks the client's
 * loopback address (127.0.0.2, 127.0.0.3, …), so each part of a test is its own client for the
 * per-address limits, directly to a process and through nginx alike. ClaimantBrowser keeps a
 * claimant's cookies and token like the web app.
 */
import http from 'node:http';
import net from 'node:net';
import { DEVICE_COOKIE } from './api.ts';

/** The response header the test's nginx adds: which upstream answered ($upstream_addr). */
export const UPSTREAM_HEADER = 'x-portal-upstream';

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
      ...(this.xsrf ? [`__Host-XSRF-TOKEN=${encodeURIComponent(this.xsrf)}`] : []),
      ...(this.device ? [`${DEVICE_COOKIE}=${this.device}`] : []),
    ];
    return pairs.length > 0 ? { Cookie: pairs.join('; ') } : {};
  }

  private remember(headers: http.IncomingHttpHeaders): void {
    this.xsrf = cookieValue(headers, '__Host-XSRF-TOKEN') ?? this.xsrf;
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
