/**
 * What claimants submit, queued for the provider's claims system in the same transaction as the
 * submission, and the queue's one writer: delivery.ts leases, sends and records through it, and
 * the operator lists and replays. With no webhook configured nothing is dropped: entries wait here.
 */
import type { ProviderEventData, ProviderEventFile, ProviderEventType } from '@portal/contracts';
import { SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Db, DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Outcome } from '../../lib/outbox-worker.ts';
import { newId } from '../../lib/crypto.ts';

/** A file as the outbox keeps it: delivery adds the link (delivery.ts). */
export type StoredFile = Omit<ProviderEventFile, 'Url'>;
type Unlinked<D> = D extends { Files: ProviderEventFile[] } ? Omit<D, 'Files'> & { Files: StoredFile[] } : D;
/** Someone else's account number stays sealed in the outbox, bound to its form (lib/crypto.ts payeeSealedAt). */
type SealedPayee<P> = P extends { BankAccNo: string } ? Omit<P, 'BankAccNo'> & { BankAccNoSealed: string } : P;
type Sealed<D> = D extends { Payee: infer P } ? Omit<D, 'Payee'> & { Payee: SealedPayee<P> } : D;

/** An event's Data as queued: the contracts' schema of its Type, before files become links and sealed values are opened. */
export type StoredEventData<T extends ProviderEventType> = Sealed<Unlinked<ProviderEventData<T>>>;
/** What a producer queues: an event Type and its Data as stored, checked together. */
export type QueuedEvent = { [T in ProviderEventType]: { kind: T; payload: StoredEventData<T> } }[ProviderEventType];

export async function queueForProvider(
  db: Db | Transaction<Database>,
  e: QueuedEvent & { claimId: string; now: number },
): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db
    .insertInto('provider_outbox')
    .values({
      id: newId(),
      claim_id: e.claimId,
      kind: e.kind,
      payload: JSON.stringify(e.payload),
      created_at: e.now,
      delivered_at: null,
      next_attempt_at: e.now,
      // PostgreSQL numbers events from its sequence (the column's default).
      ...(sqlite ? { seq: sql<number>`(select coalesce(max(seq), 0) + 1 from provider_outbox)` } : {}),
    })
    .execute();
}

/**
 * A change the claimant made to their own details, as an event with its values masked (the
 * audit trail's form). Events are ordered per claim: the selected claim, else their latest.
 */
export async function queueAccountChange(
  trx: Transaction<Database>,
  e: {
    claimantId: string;
    selectedClaimId: string | null;
    kind: StoredEventData<'account-change'>['Change'];
    changes: StoredEventData<'account-change'>['Changes'];
    now: number;
    actedBy?: StoredEventData<'account-change'>['ActedBy'];
  },
): Promise<void> {
  const claimId =
    e.selectedClaimId ??
    (
      await trx
        .selectFrom('claims')
        .select('id')
        .where('claimant_id', '=', e.claimantId)
        .orderBy('accident_date', 'desc')
        .executeTakeFirst()
    )?.id;
  if (!claimId) return;
  await queueForProvider(trx, {
    claimId,
    kind: 'account-change',
    payload: { Change: e.kind, Changes: e.changes, ...(e.actedBy ? { ActedBy: e.actedBy } : {}) },
    now: e.now,
  });
}

export type DueEvent = {
  id: string;
  claim_id: string;
  kind: string;
  payload: string;
  created_at: number;
  attempts: number;
};

/** Due events whose claim has nothing older still undelivered. */
function dueQuery(db: Db, now: number, limit: number) {
  return db
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
    .limit(limit);
}

/** Picks and leases due events; two workers never lease the same one (FOR UPDATE SKIP LOCKED on PostgreSQL). */
export async function leaseDueEvents(
  db: Db,
  dialect: DialectName,
  now: number,
  o: { batch: number; leaseMs: number },
): Promise<DueEvent[]> {
  return db.transaction().execute(async (trx) => {
    const q = dueQuery(db, now, o.batch);
    const rows = (await trx.executeQuery((dialect === 'postgres' ? q.forUpdate('o').skipLocked() : q).compile()))
      .rows as DueEvent[];
    const leased: DueEvent[] = [];
    for (const row of rows) {
      const res = await trx
        .updateTable('provider_outbox')
        .set({ locked_until: now + o.leaseMs })
        .where('id', '=', row.id)
        .where('delivered_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) leased.push(row);
    }
    return leased;
  });
}

/** Records an attempt in provider_delivery_attempts and its outcome on the event, together. */
export async function recordDeliveryAttempt(
  db: Db,
  id: string,
  o: Outcome & { status: number | null; durationMs: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('provider_delivery_attempts')
      .values({
        id: newId(),
        outbox_id: id,
        at: o.at,
        outcome: o.error === null ? 'delivered' : 'failed',
        http_status: o.status,
        error: o.error,
        duration_ms: o.durationMs,
      })
      .execute();
    await trx
      .updateTable('provider_outbox')
      .set(
        o.error === null
          ? { delivered_at: o.at, attempts: o.attempts, locked_until: null, last_error: null }
          : {
              attempts: o.attempts,
              locked_until: null,
              last_error: o.error,
              next_attempt_at: o.nextAttemptAt,
              dead_at: o.dead ? o.at : null,
            },
      )
      .where('id', '=', id)
      .execute();
  });
}

/** For the operator: events waiting, dead, or all of them. */
export async function listOutbox(deps: Pick<Deps, 'db'>, filter: 'pending' | 'dead' | 'all', limit = 100) {
  let q = deps.db
    .selectFrom('provider_outbox')
    .innerJoin('claims', 'claims.id', 'provider_outbox.claim_id')
    .select([
      'provider_outbox.id',
      'provider_outbox.kind',
      'claims.number as claim_number',
      'provider_outbox.created_at',
      'provider_outbox.attempts',
      'provider_outbox.last_error',
      'provider_outbox.delivered_at',
      'provider_outbox.dead_at',
      'provider_outbox.next_attempt_at',
    ]);
  if (filter === 'pending')
    q = q.where('provider_outbox.delivered_at', 'is', null).where('provider_outbox.dead_at', 'is', null);
  if (filter === 'dead') q = q.where('provider_outbox.dead_at', 'is not', null);
  return q.orderBy('provider_outbox.seq').limit(limit).execute();
}

/** Puts a dead event back in line, due now, with a fresh attempt count. */
export async function replayOutboxEvent(deps: Pick<Deps, 'db' | 'clock'>, id: string): Promise<boolean> {
  const res = await deps.db
    .updateTable('provider_outbox')
    .set({ dead_at: null, attempts: 0, next_attempt_at: deps.clock.now(), locked_until: null })
    .where('id', '=', id)
    .where('dead_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
