/**
 * Delivers the provider outbox to the claims system's webhook with the one outbox worker (lib/outbox-worker.ts):
 * at least once, in order per claim (an event waits while an earlier one of its claim is undelivered
 * — dead included, until an operator replays it), signed, retried with back-off and jitter, every
 * attempt recorded, and parked as dead after the configured number of failures.
 *
 * Several processes may run it at once: on PostgreSQL the due events are picked with
 * FOR UPDATE SKIP LOCKED and leased in the same transaction; on SQLite there is one process.
 * The EventId is stable across retries, so the receiver can drop a repeat.
 */
import crypto from 'node:crypto';
import {
  STANDARD_WEBHOOK_HEADERS,
  STANDARD_WEBHOOK_SECRET_PREFIX,
  WEBHOOK_HEADERS,
  type ProviderEvent,
  type ProviderEventData,
  type ProviderEventType,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { createOutboxWorker, type OutboxWorker } from '../../lib/outbox-worker.ts';
import { payeeSealedAt } from '../../lib/crypto.ts';
import {
  leaseDueEvents,
  recordDeliveryAttempt,
  type DueEvent,
  type QueuedEvent,
  type StoredEventData,
  type StoredFile,
} from './outbox.ts';

export const WEBHOOK_DELIVERY = {
  batch: 25,
  leaseMs: 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  timeoutMs: 15_000,
  pollMs: 2_000,
} as const;

/** `v1=` + hex HMAC-SHA256 over "{timestamp}.{body}" (see docs/provider-integration.md). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The Standard Webhooks key: a `whsec_<base64>` secret is its decoded bytes, as the standard
 * defines; any other secret is its UTF-8 bytes (a receiver's library reads it as "raw").
 */
function standardWebhookKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_WEBHOOK_SECRET_PREFIX)
    ? Buffer.from(secret.slice(STANDARD_WEBHOOK_SECRET_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** `v1,` + base64 HMAC-SHA256 over "{id}.{timestamp}.{body}" (Standard Webhooks). */
function signStandardWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${crypto.createHmac('sha256', standardWebhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

type Delivered = { [T in ProviderEventType]: { Type: T; Data: ProviderEventData<T> } }[ProviderEventType];

/** Files as links the claims system fetches with its API key. */
function linked<D extends { Files: StoredFile[] }>(data: D, base: string) {
  return { ...data, Files: data.Files.map((f) => ({ ...f, Url: `${base}/provider/v1/files/${f.FileId}` })) };
}

/** Sealed values (someone else's account number) are opened only here, on the way out over TLS. */
function openedPayee(deps: Deps, data: StoredEventData<'reimbursement'>): ProviderEventData<'reimbursement'>['Payee'] {
  const payee = data.Payee;
  if (payee.Kind !== 'someone-else') return payee;
  const { BankAccNoSealed, ...rest } = payee;
  return { ...rest, BankAccNo: deps.cipher.decrypt(BankAccNoSealed, payeeSealedAt(data.FormId)) };
}

/** An event's Data as delivered, from what its producer queued (outbox.ts). */
function delivered(deps: Deps, e: QueuedEvent): Delivered {
  const base = deps.config.publicUrl ?? '';
  switch (e.kind) {
    case 'documents':
      return { Type: e.kind, Data: linked(e.payload, base) };
    case 'reimbursement':
      return { Type: e.kind, Data: { ...linked(e.payload, base), Payee: openedPayee(deps, e.payload) } };
    case 'enquiry':
      return { Type: e.kind, Data: linked(e.payload, base) };
    case 'personal-details-request':
      return { Type: e.kind, Data: linked(e.payload, base) };
    case 'authority-form':
      return { Type: e.kind, Data: e.payload };
    case 'self-assessment':
      return { Type: e.kind, Data: e.payload };
    case 'registration-details':
      return { Type: e.kind, Data: e.payload };
    case 'account-change':
      return { Type: e.kind, Data: e.payload };
    case 'helper-change':
      return { Type: e.kind, Data: e.payload };
    default: {
      // A kind this build does not know (queued by a newer one during a rolling deploy): sent as stored.
      const other: { kind: string; payload: unknown } = e;
      return { Type: other.kind, Data: other.payload } as Delivered;
    }
  }
}

/** The event as the claims system receives it (the contracts' ProviderEvent). */
export async function buildEvent(deps: Deps, row: DueEvent): Promise<ProviderEvent> {
  const claim = await deps.db
    .selectFrom('claims')
    .innerJoin('claimants', 'claimants.id', 'claims.claimant_id')
    .select(['claims.number', 'claimants.provider_ref'])
    .where('claims.id', '=', row.claim_id)
    .executeTakeFirst();
  // The row is what queueForProvider wrote from a typed QueuedEvent: its kind and payload agree.
  const queued = { kind: row.kind, payload: JSON.parse(row.payload) as unknown } as QueuedEvent;
  return {
    EventId: row.id,
    ClaimNumber: claim?.number ?? '',
    ClaimantRef: claim?.provider_ref ?? null,
    CreatedAt: new Date(row.created_at).toISOString(),
    ...delivered(deps, queued),
  };
}

export function createProviderDelivery(
  deps: Deps,
  webhook: { url: string; secret: string; maxAttempts: number },
  options: { autoStart: boolean; random?: () => number },
): OutboxWorker<DueEvent> {
  return createOutboxWorker(deps, options, {
    ...WEBHOOK_DELIVERY,
    backoff: WEBHOOK_DELIVERY,
    maxAttempts: webhook.maxAttempts,
    random: options.random,
    untilIdle: true,
    roundFailed: 'provider delivery round failed',
    lease: () => leaseDueEvents(deps.db, deps.dialect, deps.clock.now(), WEBHOOK_DELIVERY),
    async deliver(row) {
      const started = Date.now();
      const body = JSON.stringify(await buildEvent(deps, row));
      const timestamp = Math.floor(deps.clock.now() / 1000);
      let status: number | null = null;
      try {
        const res = await fetch(webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_HEADERS.eventId]: row.id,
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: signWebhook(webhook.secret, timestamp, body),
            [STANDARD_WEBHOOK_HEADERS.id]: row.id,
            [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [STANDARD_WEBHOOK_HEADERS.signature]: signStandardWebhook(webhook.secret, row.id, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(WEBHOOK_DELIVERY.timeoutMs),
          redirect: 'error',
        });
        status = res.status;
        await res.body?.cancel();
        return { started, status, error: res.ok ? null : `HTTP ${status}` };
      } catch (e) {
        return {
          started,
          status,
          error: e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 200) : 'unknown error',
        };
      }
    },
    async record(row, { started, status }, outcome) {
      await recordDeliveryAttempt(deps.db, row.id, { ...outcome, status, durationMs: Date.now() - started });
      const { attempts, dead, error } = outcome;
      if (error !== null)
        deps.log.warn({ event: row.id, kind: row.kind, attempts, dead, error }, 'provider webhook delivery failed');
    },
  });
}
