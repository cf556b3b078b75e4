/**
 * Idempotent writes of the provider API: the first request with an Idempotency-Key reserves it
 * (a row with status 0) before doing anything, so a concurrent retry with the same key waits
 * its turn (409) instead of doing the work twice; the answer is stored and replayed for the
 * same key and body. The same key with a different body is refused (422).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { ProviderError } from './errors.ts';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

export type Stored = { status: number; body: unknown };

export async function runIdempotent(
  db: Db,
  now: number,
  scope: { keyId: string; idempotencyKey: string; method: string; url: string; body: unknown },
  work: () => Promise<Stored>,
): Promise<Stored & { replayed: boolean }> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(scope.idempotencyKey))
    throw new ProviderError(400, 'Bad Request', 'Idempotency-Key must be 8–100 characters: letters, digits, . _ : -');
  const requestHash = crypto
    .createHash('sha256')
    .update(`${scope.method} ${scope.url}\n${JSON.stringify(scope.body ?? null)}`)
    .digest('hex');
  const reserved = await db
    .insertInto('provider_idempotency')
    .values({
      key_id: scope.keyId,
      idempotency_key: scope.idempotencyKey,
      request_hash: requestHash,
      status_code: 0,
      response: '',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['key_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  if (Number(reserved.numInsertedOrUpdatedRows ?? 0) === 0) {
    const row = await db
      .selectFrom('provider_idempotency')
      .select(['request_hash', 'status_code', 'response'])
      .where('key_id', '=', scope.keyId)
      .where('idempotency_key', '=', scope.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (row.request_hash !== requestHash)
      throw new ProviderError(422, 'Unprocessable Content', 'This Idempotency-Key was used with a different request');
    if (row.status_code === 0)
      throw new ProviderError(
        409,
        'Conflict',
        'A request with this Idempotency-Key is still being processed; retry shortly',
      );
    return { status: row.status_code, body: JSON.parse(row.response) as unknown, replayed: true };
  }
  try {
    const result = await work();
    await db
      .updateTable('provider_idempotency')
      .set({ status_code: result.status, response: JSON.stringify(result.body) })
      .where('key_id', '=', scope.keyId)
      .where('idempotency_key', '=', scope.idempotencyKey)
      .execute();
    return { ...result, replayed: false };
  } catch (e) {
    // A failed request did nothing: the key is free for the retry.
    await db
      .deleteFrom('provider_idempotency')
      .where('key_id', '=', scope.keyId)
      .where('idempotency_key', '=', scope.idempotencyKey)
      .execute();
    throw e;
  }
}
