/**
 * The Node HTTP server under Fastify, bounded in time and in connections per client. Time-outs
 * follow progress (decision 038): while a request is arriving, every byte resets its idle limit,
 * so an upload on a slow line is never cut while its bytes keep coming, and one that stops is
 * answered 408 with the catalogue's words (where no answer has begun) and closed. A generous
 * total cap still ends a body that trickles in for ever, its headers must arrive sooner, and one
 * address holds at most a set number of connections at a time; the connections beyond are closed
 * as they open.
 */
import http from 'node:http';
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { ErrorNumber, catalogueMessage } from '@portal/contracts';
import { clientKey } from './client-key.ts';

export type HttpLimits = {
  /** While a request arrives, nothing for this long: 408 and closed (REQUEST_TIMEOUT_MS). */
  requestIdleTimeoutMs: number;
  /** The whole request must arrive within this, however steadily (REQUEST_TOTAL_TIMEOUT_MS). */
  requestTotalTimeoutMs: number;
  /** Connections one client address may hold open at once. */
  maxConnectionsPerAddress: number;
  /** Proxies' addresses (TRUSTED_PROXIES): they carry many clients each, so they are not capped. */
  trustedProxies: string[];
};

/** Headers come first and are small: they get less time than the whole request. */
const HEADERS_TIMEOUT_MS = 20_000;
/**
 * An idle keep-alive connection is closed after this: longer than the usual proxy's idle
 * time-out (60 s), so a proxy never sends a request on a connection the server is closing.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Node checks the total and headers time-outs on a timer; its default is every 30 s. */
const MAX_CHECK_INTERVAL_MS = 30_000;

/** The catalogue's answer to a request that stopped arriving (number 150), with the connection closed. */
const TIMED_OUT_BODY = JSON.stringify([
  { Number: ErrorNumber.RequestTimedOut, Message: catalogueMessage(ErrorNumber.RequestTimedOut) },
]);
const TIMED_OUT_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(Buffer.byteLength(TIMED_OUT_BODY)),
  'Cache-Control': 'no-store',
  Connection: 'close',
};
const TIMED_OUT_RESPONSE = `HTTP/1.1 408 Request Timeout\r\n${Object.entries(TIMED_OUT_HEADERS)
  .map(([name, value]) => `${name}: ${value}`)
  .join('\r\n')}\r\n\r\n${TIMED_OUT_BODY}`;

/** The request each connection is receiving or answering now (at most one: no pipelining of bodies). */
const inFlight = new WeakMap<Socket, { req: http.IncomingMessage; res: http.ServerResponse }>();

/**
 * A connection on which nothing moved for the idle limit. A request still arriving with no
 * answer begun is answered 408 and closed; an answer stalled on a client that stopped reading is
 * closed. A request that arrived whole and is being worked on is left alone: the wait is ours.
 * With no request at all, the keep-alive and headers time-outs decide.
 */
function onIdle(socket: Socket): void {
  const current = inFlight.get(socket);
  if (!current) return;
  const { req, res } = current;
  if (req.complete && !res.headersSent) return;
  if (!req.complete && !res.headersSent && socket.writable) {
    res.writeHead(408, TIMED_OUT_HEADERS);
    res.end(TIMED_OUT_BODY, () => socket.destroy());
    return;
  }
  socket.destroy();
}

/**
 * Fastify's clientErrorHandler: Node's own time-outs (headers, the total cap) and unreadable
 * requests. A time-out gets the catalogue's 408 where no answer has begun on the connection.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answering = inFlight.get(socket)?.res.headersSent === true;
  if (socket.writable && !answering) {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(TIMED_OUT_RESPONSE);
    else if (err.code === 'HPE_HEADER_OVERFLOW')
      socket.write('HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    else socket.write('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  }
  socket.destroy(err);
}

/** proxy-addr's names for address ranges, which TRUSTED_PROXIES may use as Fastify does. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    if (!type) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Closes connections of an address that already holds `max` of them (proxies excepted). */
function capConnectionsPerAddress(server: http.Server, max: number, trustedProxies: string[]): void {
  const proxies = proxyList(trustedProxies);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    if (proxies.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')) return;
    // Counted as the rate limits count a client (an IPv6 client by its /64).
    const key = clientKey(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/** Fastify's serverFactory: the HTTP server with the time-outs and the connection cap. */
export function boundedHttpServer(limits: HttpLimits): FastifyServerFactory {
  const { requestIdleTimeoutMs: idle, requestTotalTimeoutMs: total } = limits;
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: total,
        headersTimeout: Math.min(HEADERS_TIMEOUT_MS, idle, total),
        keepAliveTimeout: Math.min(KEEP_ALIVE_TIMEOUT_MS, idle),
        connectionsCheckingInterval: Math.min(
          MAX_CHECK_INTERVAL_MS,
          Math.max(10, Math.floor(Math.min(idle, total) / 4)),
        ),
      },
      (req, res) => {
        inFlight.set(req.socket, { req, res });
        res.once('close', () => {
          if (inFlight.get(req.socket)?.res === res) inFlight.delete(req.socket);
        });
        handler(req, res);
      },
    );
    // Every byte read or written resets a connection's idle timer.
    server.setTimeout(idle);
    server.on('timeout', onIdle);
    capConnectionsPerAddress(server, limits.maxConnectionsPerAddress, limits.trustedProxies);
    return server;
  };
}
