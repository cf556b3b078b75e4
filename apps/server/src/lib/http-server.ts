/**
 * The Node HTTP server under Fastify, bounded in time and in connections per client. Fastify
 * leaves the request time-out off, so a client that sends its headers and then a body byte now
 * and then held a connection (and a parser, and a staged file) for ever; and nothing stopped one
 * address from opening thousands of connections. Here every request must arrive whole within
 * the request time-out, its headers sooner, and one address holds at most a set number of
 * connections at a time; the connections beyond are closed as they open.
 */
import http from 'node:http';
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { clientKey } from './client-key.ts';

export type HttpLimits = {
  /** The whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
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
/** Node checks the request and headers time-outs on a timer; its default is every 30 s. */
const MAX_CHECK_INTERVAL_MS = 30_000;

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
export function capConnectionsPerAddress(server: http.Server, max: number, trustedProxies: string[]): void {
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
  const { requestTimeoutMs } = limits;
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: requestTimeoutMs,
        headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
        keepAliveTimeout: Math.min(KEEP_ALIVE_TIMEOUT_MS, requestTimeoutMs),
        connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.max(10, Math.floor(requestTimeoutMs / 4))),
      },
      handler,
    );
    // A connection on which nothing at all arrives for this long is closed too.
    server.setTimeout(requestTimeoutMs);
    capConnectionsPerAddress(server, limits.maxConnectionsPerAddress, limits.trustedProxies);
    return server;
  };
}
