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
