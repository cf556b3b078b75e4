/**
 * What claimants submit, queued for the provider's claims system in the same transaction as the
 * submission. Delivery (signed webhook, retries, replay) arrives with the provider-integration issue;
 * until then nothing is dropped: entries wait here.
 */
import { SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export async function queueForProvider(db: Db | Transaction<Database>, e: { claimId: string; kind: string; payload: unknown; now: number }): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db
    .insertInto('provider_outbox')
    .values({
      id: newId(), claim_id: e.claimId, kind: e.kind, payload: JSON.stringify(e.payload), created_at: e.now, delivered_at: null, next_attempt_at: e.now,
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
  e: { claimantId: string; selectedClaimId: string | null; kind: string; changes: Record<string, { from: string; to: string }>; now: number },
): Promise<void> {
  const claimId =
    e.selectedClaimId ??
    (await trx.selectFrom('claims').select('id').where('claimant_id', '=', e.claimantId).orderBy('accident_date', 'desc').executeTakeFirst())?.id;
  if (!claimId) return;
  await queueForProvider(trx, { claimId, kind: 'account-change', payload: { Change: e.kind, Changes: e.changes }, now: e.now });
}
