/**
 * Delivers the provider outbox to the claims system's webhook: at least once, in order per
 * claim (an event waits while an earlier one of its claim is undelivered — dead included, until
 * an operator replays it), signed, retried with exponential back-off and jitter, every attempt
 * recorded, and parked as dead after the configured number of failures.
 *
 * Several processes may run it at once: on PostgreSQL the due events are picked with
 * FOR UPDATE SKIP LOCKED and leased in the same transaction; on SQLite there is one process.
 * The EventId is stable across retries, so the receiver can drop a repeat.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { WEBHOOK_HEADERS, type ProviderEvent } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { newId, payeeSealedAt } from '../../lib/crypto.ts';

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

export function webhookRetryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(WEBHOOK_DELIVERY.baseDelayMs * 2 ** Math.max(0, attempts - 1), WEBHOOK_DELIVERY.maxDelayMs);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export type ProviderDelivery = {
  /** One round; resolves with the number of events delivered. */
  drainOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

type Due = { id: string; claim_id: string; kind: string; payload: string; created_at: number; attempts: number };

/** Due events whose claim has nothing older still undelivered. */
function dueQuery(deps: Deps, now: number) {
  return deps.db
    .selectFrom('provider_outbox as o')
    .select(['o.id', 'o.claim_id', 'o.kind', 'o.payload', 'o.created_at', 'o.attempts'])
    .where('o.delivered_at', 'is', null)
    .where('o.dead_at', 'is', null)
    .where('o.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('o.locked_until', 'is', null), eb('o.locked_until', '<', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('provider_outbox as p')
            .select(sql<number>`1`.as('one'))
            .whereRef('p.claim_id', '=', 'o.claim_id')
            .where('p.delivered_at', 'is', null)
            .whereRef('p.seq', '<', 'o.seq'),
        ),
      ),
    )
    .orderBy('o.seq')
    .limit(WEBHOOK_DELIVERY.batch);
}

/** Picks and leases due events; two workers never lease the same one. */
async function lease(deps: Deps, now: number): Promise<Due[]> {
  return deps.db.transaction().execute(async (trx) => {
    const q = dueQuery(deps, now);
    const rows = deps.dialect === 'postgres' ? await trx.executeQuery(q.forUpdate('o').skipLocked().compile()).then((r) => r.rows as Due[]) : await trx.executeQuery(q.compile()).then((r) => r.rows as Due[]);
    const leased: Due[] = [];
    for (const row of rows) {
      const res = await trx
        .updateTable('provider_outbox')
        .set({ locked_until: now + WEBHOOK_DELIVERY.leaseMs })
        .where('id', '=', row.id)
        .where('delivered_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) leased.push(row);
    }
    return leased;
  });
}

/** The event as the claims system receives it; files as links it fetches with its API key. */
export async function buildEvent(deps: Deps, row: Due): Promise<ProviderEvent> {
  const claim = await deps.db
    .selectFrom('claims')
    .innerJoin('claimants', 'claimants.id', 'claims.claimant_id')
    .select(['claims.number', 'claimants.provider_ref'])
    .where('claims.id', '=', row.claim_id)
    .executeTakeFirst();
  const data = JSON.parse(row.payload) as Record<string, unknown>;
  const base = deps.config.publicUrl ?? '';
  // Sealed values (someone else's account number) are opened only here, on the way out over TLS.
  const payee = data.Payee as Record<string, unknown> | undefined;
  if (payee && typeof payee.BankAccNoSealed === 'string') {
    const { BankAccNoSealed, ...rest } = payee;
    data.Payee = { ...rest, BankAccNo: deps.cipher.decrypt(BankAccNoSealed as string, payeeSealedAt(String(data.FormId))) };
  }
  if (Array.isArray(data.Files)) data.Files = (data.Files as { FileId: string }[]).map((f) => ({ ...f, Url: `${base}/provider/v1/files/${f.FileId}` }));
  return { EventId: row.id, Type: row.kind, ClaimNumber: claim?.number ?? '', ClaimantRef: claim?.provider_ref ?? null, CreatedAt: new Date(row.created_at).toISOString(), Data: data };
}

export function createProviderDelivery(
  deps: Deps,
  webhook: { url: string; secret: string; maxAttempts: number },
  options: { autoStart: boolean; random?: () => number },
): ProviderDelivery {
  let running: Promise<number> | null = null;
  let stopped = false;

  async function deliver(row: Due): Promise<boolean> {
    const started = Date.now();
    const body = JSON.stringify(await buildEvent(deps, row));
    const timestamp = Math.floor(deps.clock.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_HEADERS.eventId]: row.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(webhook.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_DELIVERY.timeoutMs),
        redirect: 'error',
      });
      status = res.status;
      await res.body?.cancel();
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 200) : 'unknown error';
    }
    const now = deps.clock.now();
    const ok = error === null;
    const attempts = row.attempts + 1;
    const dead = !ok && attempts >= webhook.maxAttempts;
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('provider_delivery_attempts').values({ id: newId(), outbox_id: row.id, at: now, outcome: ok ? 'delivered' : 'failed', http_status: status, error, duration_ms: Date.now() - started }).execute();
      await trx
        .updateTable('provider_outbox')
        .set(
          ok
            ? { delivered_at: now, attempts, locked_until: null, last_error: null }
            : { attempts, locked_until: null, last_error: error, next_attempt_at: now + webhookRetryDelayMs(attempts, options.random), dead_at: dead ? now : null },
        )
        .where('id', '=', row.id)
        .execute();
    });
    if (!ok) deps.log.warn({ event: row.id, kind: row.kind, attempts, dead, error }, 'provider webhook delivery failed');
    return ok;
  }

  async function round(): Promise<number> {
    let delivered = 0;
    // Delivering one event can make the next of its claim due: keep going while work appears.
    for (;;) {
      const due = await lease(deps, deps.clock.now());
      if (due.length === 0 || stopped) return delivered;
      let progress = 0;
      for (const row of due) if (await deliver(row)) progress++;
      delivered += progress;
      if (progress === 0) return delivered;
    }
  }

  function drainOnce(): Promise<number> {
    running ??= round()
      .catch((e: unknown) => {
        deps.log.error({ err: e }, 'provider delivery round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = options.autoStart ? setInterval(() => void drainOnce(), WEBHOOK_DELIVERY.pollMs) : null;
  timer?.unref();
  return {
    drainOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** For the operator: events waiting, dead, or all of them. */
export async function listOutbox(deps: Deps, filter: 'pending' | 'dead' | 'all', limit = 100) {
  let q = deps.db
    .selectFrom('provider_outbox')
    .innerJoin('claims', 'claims.id', 'provider_outbox.claim_id')
    .select(['provider_outbox.id', 'provider_outbox.kind', 'claims.number as claim', 'provider_outbox.created_at', 'provider_outbox.attempts', 'provider_outbox.last_error', 'provider_outbox.delivered_at', 'provider_outbox.dead_at', 'provider_outbox.next_attempt_at']);
  if (filter === 'pending') q = q.where('provider_outbox.delivered_at', 'is', null).where('provider_outbox.dead_at', 'is', null);
  if (filter === 'dead') q = q.where('provider_outbox.dead_at', 'is not', null);
  return q.orderBy('provider_outbox.seq').limit(limit).execute();
}

/** Puts a dead event back in line, due now, with a fresh attempt count. */
export async function replayOutboxEvent(deps: Deps, id: string): Promise<boolean> {
  const res = await deps.db
    .updateTable('provider_outbox')
    .set({ dead_at: null, attempts: 0, next_attempt_at: deps.clock.now(), locked_until: null })
    .where('id', '=', id)
    .where('dead_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
