/**
 * The audit trail (account issue): who changed what, when, with old and new values masked,
 * written in the same transaction as the change.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export type Change = { from: string; to: string };

/** Keeps a value recognisable to its owner without revealing it: 'alex@example.com' → 'a***@example.com'. */
export function maskValue(value: string | null | undefined): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (/^[0-9 ]+$/.test(value)) return `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
  return value.length <= 2 ? '**' : `${value[0]}${'*'.repeat(value.length - 2)}${value.slice(-1)}`;
}

export function diff(
  before: Record<string, string | null>,
  after: Record<string, string | null>,
): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const key of Object.keys(after)) {
    if ((before[key] ?? '') !== (after[key] ?? ''))
      changes[key] = { from: maskValue(before[key]), to: maskValue(after[key]) };
  }
  return changes;
}

export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  e: {
    accountId: string;
    sessionId: string | null;
    kind: string;
    changes: Record<string, Change>;
    at: number;
    /** The helper who acted for the account's claimant (decision 041). */
    actingHelperId?: string;
  },
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: newId(),
      account_id: e.accountId,
      session_id: e.sessionId,
      kind: e.kind,
      changes: JSON.stringify(e.changes),
      at: e.at,
      acting_helper_id: e.actingHelperId ?? null,
    })
    .execute();
}

/** What helpers did for this account's claimant, newest first. */
export function listHelperActions(db: Kysely<Database>, accountId: string, limit: number) {
  return db
    .selectFrom('audit_events')
    .select(['kind', 'changes', 'at', 'acting_helper_id'])
    .where('account_id', '=', accountId)
    .where('acting_helper_id', 'is not', null)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
}
