/**
 * A message from the claims system in a claim's inbox, with "You have a new message" to the
 * claimant by the channels they chose (no claim content): what posting a message and deciding a
 * details request both do, inside the caller's transaction.
 */
import type { Transaction } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { insertMessage } from '../inbox/repository.ts';

export type Tx = Transaction<Database>;

/**
 * Tells the claimant there is news, by the channels they chose, in words that carry no claim
 * content (no amounts, no medical details): what a new inbox message, a payment paid or returned
 * and a decision all send. False when nobody is told (no activated account, no channel).
 */
export async function notifyClaimant(
  deps: Deps,
  trx: Tx,
  claimantId: string,
  now: number,
  notice: { kind: string; subject: string; text: string },
): Promise<boolean> {
  const row = await trx
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select([
      'accounts.id as accountId',
      'accounts.activated',
      'claimants.email',
      'claimants.mobile',
      'claimants.pref_email',
      'claimants.pref_sms',
    ])
    .where('accounts.claimant_id', '=', claimantId)
    .executeTakeFirst();
  if (!row || row.activated !== 1) return false;
  const targets = [
    ...(row.pref_email === 1 && row.email ? [{ channel: 'email' as const, to: row.email }] : []),
    ...(row.pref_sms === 1 && row.mobile ? [{ channel: 'sms' as const, to: row.mobile }] : []),
  ];
  for (const t of targets)
    await enqueueNotification(trx, deps.cipher, now, {
      accountId: row.accountId,
      kind: notice.kind,
      channel: t.channel,
      to: t.to,
      subject: notice.subject,
      text: notice.text,
    });
  return targets.length > 0;
}

function notifyNewMessage(deps: Deps, trx: Tx, claimantId: string, now: number): Promise<boolean> {
  const portal = `${deps.config.provider.shortName} claimant portal`;
  return notifyClaimant(deps, trx, claimantId, now, {
    kind: 'new-message',
    subject: `New message in the ${portal}`,
    text: `You have a new message in the ${portal}. Sign in to read it.`,
  });
}

/**
 * The message's id, and whether the claimant is told of it. Once the transaction commits the
 * caller calls inboxChanged (the read caches' inbox counts).
 */
export async function postToInbox(
  deps: Deps,
  trx: Tx,
  claim: { id: string; claimant_id: string },
  m: { subject: string; body: string; sentAt: number; now: number },
) {
  const id = newId();
  await insertMessage(trx, {
    id,
    claim_id: claim.id,
    subject: m.subject,
    body: m.body,
    sent_at: m.sentAt,
    received_at: m.now,
  });
  const notified = await notifyNewMessage(deps, trx, claim.claimant_id, m.now);
  return { id, notified };
}
