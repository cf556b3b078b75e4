/**
 * A real HTTP receiver of the provider webhook on loopback, as a claims system would run it: it
 * checks each signature and parses each body with the contracts' ProviderEvent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderEvent, WEBHOOK_HEADERS } from '@portal/contracts';
import { signWebhook } from '../src/modules/provider/delivery.ts';

export type Received = {
  id: string;
  type: string;
  claim: string;
  body: Record<string, unknown>;
  /** The body parsed with the event schemas: a producer that disagrees with its schema fails here. */
  event: ReturnType<typeof ProviderEvent.safeParse>;
  validSignature: boolean;
  raw: string;
  headers: Record<string, string>;
};

export async function startReceiver(secret: string) {
  const received: Received[] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failing) {
        res.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = Number(req.headers[WEBHOOK_HEADERS.timestamp]);
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({
        id: String(req.headers[WEBHOOK_HEADERS.eventId]),
        type: String(body.Type),
        claim: String(body.ClaimNumber),
        body,
        event: ProviderEvent.safeParse(body),
        validSignature: req.headers[WEBHOOK_HEADERS.signature] === signWebhook(secret, timestamp, raw),
        raw,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    received,
    fail: (on: boolean) => {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the events received disagree with their schemas on: none, when producers and schemas agree. */
export const schemaDisagreements = (received: readonly Received[]) =>
  received.flatMap((r) => (r.event.success ? [] : [{ type: r.type, issues: r.event.error.issues }]));
