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

type Tx = Transaction<Database>;

async function notifyNewMessage(deps: Deps, trx: Tx, claimantId: string, now: number): Promise<boolean> {
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
  const portal = `${deps.config.provider.shortName} claimant portal`;
  const text = `You have a new message in the ${portal}. Sign in to read it.`;
  const targets = [
    ...(row.pref_email === 1 && row.email ? [{ channel: 'email' as const, to: row.email }] : []),
    ...(row.pref_sms === 1 && row.mobile ? [{ channel: 'sms' as const, to: row.mobile }] : []),
  ];
  for (const t of targets)
    await enqueueNotification(trx, deps.cipher, now, {
      accountId: row.accountId,
      kind: 'new-message',
      channel: t.channel,
      to: t.to,
      subject: `New message in the ${portal}`,
      text,
    });
  return targets.length > 0;
}

/** The message's id, and whether the claimant is told of it. */
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
