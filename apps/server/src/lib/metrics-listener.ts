/**
 * The Prometheus listener: a small HTTP server of its own, on METRICS_HOST:METRICS_PORT (loopback
 * by default), serving GET /metrics and nothing else. It is not a route of the portal, so nothing
 * reaching the portal's port (or the proxy in front of it) can read the metrics.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, type Registry } from 'prom-client';

export type MetricsListener = { address: AddressInfo; close: () => Promise<void> };

/** A scrape is one small request: anything slower is not Prometheus. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Adds the process's own metrics (CPU, memory, event-loop lag, GC, handles) to the registry,
 * once: they describe the process, not one app, and each collection starts a GC observer and an
 * event-loop monitor that are never stopped, so the process does it, not buildApp.
 */
function collectProcessMetrics(registry: Registry): void {
  if (registry.getSingleMetric('process_cpu_user_seconds_total')) return;
  collectDefaultMetrics({ register: registry });
}

/** Starts the listener (port 0: any free port, as tests do); resolves once it listens. */
export async function startMetricsListener(
  registry: Registry,
  at: { host: string; port: number },
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  collectProcessMetrics(registry);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response
        .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        .end('Method Not Allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
      },
    );
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection would hold the shutdown up.
        server.closeAllConnections();
      }),
  };
}
