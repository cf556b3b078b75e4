/**
 * What claimants submit, queued for the provider's claims system in the same transaction as the
 * submission. Delivery (signed webhook, retries, replay) arrives with the provider-integration issue;
 * until then nothing is dropped: entries wait here.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export async function queueForProvider(db: Db | Transaction<Database>, e: { claimId: string; kind: string; payload: unknown; now: number }): Promise<void> {
  await db.insertInto('provider_outbox').values({ id: newId(), claim_id: e.claimId, kind: e.kind, payload: JSON.stringify(e.payload), created_at: e.now, delivered_at: null, next_attempt_at: e.now }).execute();
}
