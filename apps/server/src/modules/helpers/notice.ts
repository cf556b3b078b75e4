/**
 * What the claimant hears of their helpers (decision 041): each submission a helper makes for them
 * (who, what and when, never its content) and a helper who stops helping, each queued in the
 * change's transaction to the contacts the claims system holds.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { findCodeRecipient } from '../access-code/repository.ts';
import { whenText } from '../account/security-notice.ts';

type ClaimantMessage = { kind: string; subject: string; lines: readonly string[]; sms: string };

/**
 * A message to the claimant about their helpers: an e-mail to the address on record (an SMS where
 * there is none), queued in the caller's transaction, with whom to call.
 */
export async function tellClaimant(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  claimantAccountId: string,
  message: ClaimantMessage,
): Promise<void> {
  const person = await findCodeRecipient(trx, claimantAccountId);
  if (!person) return;
  const p = deps.config.provider;
  const base = { accountId: claimantAccountId, kind: message.kind };
  if (person.email) {
    await enqueueNotification(trx, deps.cipher, now, {
      ...base,
      channel: 'email',
      to: person.email,
      subject: `${message.subject} — ${p.shortName} claimant portal`,
      text: [
        `Hello ${person.first_name},`,
        '',
        ...message.lines,
        '',
        `If you have a question, call us on ${p.phone} (${p.callHours}).`,
      ].join('\n'),
    });
    return;
  }
  if (person.mobile)
    await enqueueNotification(trx, deps.cipher, now, {
      ...base,
      channel: 'sms',
      to: person.mobile,
      subject: '',
      text: `${p.shortName} portal: ${message.sms} Questions? Call ${p.phone}.`,
    });
}

/** Each submission a helper makes: who sent what and when, never its content, and how to end their access. */
export async function queueHelperSubmissionNotice(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  input: { claimantAccountId: string; helperName: string; sent: string },
): Promise<void> {
  const p = deps.config.provider;
  const when = whenText(now);
  await tellClaimant(deps, trx, now, input.claimantAccountId, {
    kind: 'helper-submission',
    subject: `${input.helperName} sent something for you`,
    lines: [
      `${input.helperName}, who helps you with your claim, sent ${input.sent} for you in the ${p.name} claimant portal on ${when}.`,
      'You can see it in Sent items.',
      '',
      'If you did not expect this, you can end their access in My Details, under People who help.',
    ],
    sms: `${input.helperName} sent ${input.sent} for you on ${when}. Not expected? End their access in My Details.`,
  });
}
