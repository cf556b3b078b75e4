/**
 * Idempotent writes of the provider API (decision 037). With an Idempotency-Key, the key's
 * reservation, the work and its answer are one database transaction: a process killed anywhere
 * before the commit leaves neither the work nor the key (the database rolls back what was never
 * committed), so the retry does the work, once; from the commit on, the answer is stored beside
 * the work, and every retry with the key gets it. Nothing is ever left reserved without an
 * answer, so there is no lease to wait out and no 409.
 *
 * A retry arriving while the first request runs waits for it: on PostgreSQL its insert of the key
 * waits on the first's uncommitted row; on SQLite the one connection runs one transaction at a
 * time. The answer is kept with its status (200, or an `Answer`'s 201 or 204) and replayed with
 * it. The same key with another body is refused (422). A failed request rolls back its key
 * with its work: the key is free for the retry. Answers are kept IDEMPOTENCY_KEEP_MS, then the
 * hourly clean-up removes them (removeExpiredIdempotencyKeys).
 *
 * What a handler does before its write (checking an attachment's content, copying it into the
 * file store) stays outside the transaction: it holds no lock while it reads 10 MB.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { joinedDeps, type AfterCommit } from '../../db/joined-transaction.ts';
import type { Deps } from '../../deps.ts';
import { ProviderError } from './errors.ts';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/** How long an answer is replayed for its key: a claims system's retry after a weekend's outage still finds it. */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60_000;

export type Stored = { status: number; body: unknown };

/** An answer whose status is not 200 (201 Created, 204 No Content): kept with its key as it is, and replayed so. */
export class Answer {
  constructor(
    readonly status: 201 | 204,
    readonly body: unknown = null,
  ) {}
}

/**
 * Runs `work` as the request's write: inside the key's transaction with an Idempotency-Key
 * (`work` is given dependencies that join it), on the plain dependencies without one. What
 * `work` returns is the answer.
 */
export type Write = <T>(work: (deps: Deps) => Promise<T>) => Promise<T>;

/** Where a test stops a process: the key reserved, or the work done and not yet committed. */
export type IdempotencyFaultPoint = 'reserved' | 'worked';
export type IdempotencyFault = (point: IdempotencyFaultPoint) => Promise<void>;

/** The key's stored answer, found inside the write: the handler's own clean-up runs on the way out. */
class Replayed extends Error {
  constructor(readonly stored: Stored) {
    super('replayed');
  }
}

type Scope = { keyId: string; idempotencyKey: string; method: string; url: string; body: unknown };

function requestHash(scope: Scope): string {
  return crypto
    .createHash('sha256')
    .update(`${scope.method} ${scope.url}\n${JSON.stringify(scope.body ?? null)}`)
    .digest('hex');
}

async function storedAnswer(db: Db, scope: Scope, hash: string): Promise<Stored | undefined> {
  const row = await db
    .selectFrom('provider_idempotency')
    .select(['request_hash', 'status_code', 'response'])
    .where('key_id', '=', scope.keyId)
    .where('idempotency_key', '=', scope.idempotencyKey)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.request_hash !== hash)
    throw new ProviderError(422, 'Unprocessable Content', 'This Idempotency-Key was used with a different request');
  // A reservation without an answer, left by a version that committed it before the work
  // (migration 0022 removes those): abandoned, and taken over by this request.
  if (row.status_code === 0) return undefined;
  return { status: row.status_code, body: JSON.parse(row.response) as unknown };
}

export async function runIdempotent(
  deps: Deps,
  scope: Scope,
  handler: (write: Write) => Promise<unknown>,
  fault?: IdempotencyFault,
): Promise<Stored & { replayed: boolean }> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(scope.idempotencyKey))
    throw new ProviderError(400, 'Bad Request', 'Idempotency-Key must be 8–100 characters: letters, digits, . _ : -');
  const hash = requestHash(scope);
  // A retry of a finished request answers at once, without running its handler (nor reading its attachments again).
  const earlier = await storedAnswer(deps.db, scope, hash);
  if (earlier) return { ...earlier, replayed: true };

  let answer: { value: unknown; status: number } | undefined;
  const write: Write = async (work) => {
    if (answer) throw new Error('a handler writes once');
    const afterCommit: AfterCommit = [];
    const value = await deps.db.transaction().execute(async (trx) => {
      const reserved = await trx
        .insertInto('provider_idempotency')
        .values({
          key_id: scope.keyId,
          idempotency_key: scope.idempotencyKey,
          request_hash: hash,
          status_code: 0,
          response: '',
          created_at: deps.clock.now(),
        })
        .onConflict((oc) => oc.columns(['key_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      if (Number(reserved.numInsertedOrUpdatedRows ?? 0) === 0) {
        // Finished by another request meanwhile (PostgreSQL: this insert waited for its commit).
        const stored = await storedAnswer(trx, scope, hash);
        if (stored) throw new Replayed(stored);
      }
      await fault?.('reserved');
      const result = await work(joinedDeps(deps, trx, afterCommit));
      await fault?.('worked');
      const stored = result instanceof Answer ? result : { status: 200, body: result };
      await trx
        .updateTable('provider_idempotency')
        .set({ status_code: stored.status, response: JSON.stringify(stored.body ?? null) })
        .where('key_id', '=', scope.keyId)
        .where('idempotency_key', '=', scope.idempotencyKey)
        .execute();
      return result;
    });
    answer = value instanceof Answer ? { value: value.body, status: value.status } : { value, status: 200 };
    for (const effect of afterCommit) await effect();
    return value;
  };
  try {
    await handler(write);
  } catch (e) {
    if (e instanceof Replayed) return { ...e.stored, replayed: true };
    throw e;
  }
  if (!answer) throw new Error('an idempotent handler must write');
  // The answer is what was stored: a replay and the first answer are the same bytes.
  return { status: answer.status, body: JSON.parse(JSON.stringify(answer.value ?? null)) as unknown, replayed: false };
}

/** Forgets answers older than IDEMPOTENCY_KEEP_MS (the hourly clean-up): the key may then be used again. */
export async function removeExpiredIdempotencyKeys(db: Db, now: number): Promise<number> {
  const res = await db
    .deleteFrom('provider_idempotency')
    .where('created_at', '<', now - IDEMPOTENCY_KEEP_MS)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
