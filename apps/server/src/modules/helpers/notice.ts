/**
 * The claimant hears of each submission a helper makes for them (decision 041): an e-mail to the
 * address on record (an SMS where there is none), queued in the submission's transaction, naming
 * the helper, what was sent and when, and how to end the helper's access. Never what was sent.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { findCodeRecipient } from '../access-code/repository.ts';
import { whenText } from '../account/security-notice.ts';

export async function queueHelperSubmissionNotice(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  input: { claimantAccountId: string; helperName: string; sent: string },
): Promise<void> {
  const person = await findCodeRecipient(trx, input.claimantAccountId);
  if (!person) return;
  const p = deps.config.provider;
  const when = whenText(now);
  const base = { accountId: input.claimantAccountId, kind: 'helper-submission' };
  if (person.email) {
    await enqueueNotification(trx, deps.cipher, now, {
      ...base,
      channel: 'email',
      to: person.email,
      subject: `${input.helperName} sent something for you — ${p.shortName} claimant portal`,
      text: [
        `Hello ${person.first_name},`,
        '',
        `${input.helperName}, who helps you with your claim, sent ${input.sent} for you in the ${p.name} claimant portal on ${when}.`,
        'You can see it in Sent items.',
        '',
        'If you did not expect this, you can end their access in My Details, under People who help,',
        `or call us on ${p.phone} (${p.callHours}).`,
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
      text: `${p.shortName} portal: ${input.helperName} sent ${input.sent} for you on ${when}. Not expected? Call ${p.phone}.`,
    });
}
