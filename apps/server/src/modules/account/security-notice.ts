/**
 * Tells the claimant when something important about their account changes: an e-mail to the
 * address on record and, where a mobile is on record, an SMS, queued in the same transaction as
 * the change (so it is never lost and never sent for a change that rolled back). The notice names
 * what changed and when, in Melbourne time, never the new value, and says whom to call if it was
 * not them. A change of the address itself also tells the old one (`alsoTo`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { localDateTime } from '../../lib/time.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import type { Channel } from '../../notify/transports.ts';
import { findCodeRecipient } from '../access-code/repository.ts';

/** What changed, in the claimant's words ("Your password was changed"). */
export type SecurityChange =
  | 'password reset'
  | 'password'
  | 'bank details'
  | 'contact details'
  | 'notification preferences'
  // Second factors.
  | 'passkey added'
  | 'passkey removed'
  | 'authenticator added'
  | 'authenticator removed'
  | 'recovery codes'
  | 'recovery code used'
  | 'second factors reset';

const SUBJECT: Record<SecurityChange, string> = {
  'password reset': 'Your password was reset',
  password: 'Your password was changed',
  'bank details': 'Your bank details were changed',
  'contact details': 'Your contact details were changed',
  'notification preferences': 'Your notification preferences were changed',
  'passkey added': 'A passkey was added to your account',
  'passkey removed': 'A passkey was removed from your account',
  'authenticator added': 'An authenticator app was set up for your account',
  'authenticator removed': 'The authenticator app was removed from your account',
  'recovery codes': 'New recovery codes were made for your account',
  'recovery code used': 'A recovery code was used to confirm it was you',
  'second factors reset': 'Your passkeys and authenticator app were removed by our staff',
};

/** 'yyyy-mm-dd' and 'HH:mm' as a claimant reads them: 25/11/2026 at 4:05pm. */
export function whenText(now: number): string {
  const { date, time } = localDateTime(now);
  const [y, m, d] = date.split('-');
  const [h = 0, min = '00'] = time.split(':').map((p, i) => (i === 0 ? Number(p) : p)) as [number, string];
  return `${d}/${m}/${y} at ${h % 12 === 0 ? 12 : h % 12}:${min}${h < 12 ? 'am' : 'pm'} (Melbourne time)`;
}

export async function queueSecurityNotice(
  deps: Pick<Deps, 'cipher' | 'config'>,
  db: Kysely<Database> | Transaction<Database>,
  now: number,
  input: {
    accountId: string;
    change: SecurityChange;
    alsoTo?: readonly { channel: Channel; to: string }[];
    /** The name the claimant gave the helper who made the change for them (decision 041). */
    by?: string;
  },
): Promise<void> {
  const person = await findCodeRecipient(db, input.accountId);
  if (!person) return;
  const p = deps.config.provider;
  const subject = `${SUBJECT[input.change]} — ${p.shortName} claimant portal`;
  const when = whenText(now);
  const targets: { channel: Channel; to: string }[] = [];
  if (person.email) targets.push({ channel: 'email', to: person.email });
  if (person.mobile) targets.push({ channel: 'sms', to: person.mobile });
  for (const extra of input.alsoTo ?? []) {
    if (!targets.some((t) => t.channel === extra.channel && t.to.toLowerCase() === extra.to.toLowerCase()))
      targets.push(extra);
  }
  const by = input.by ? ` by ${input.by}, who helps you with your claim,` : '';
  const sms = input.by
    ? `${p.shortName} portal: ${SUBJECT[input.change].toLowerCase()}${by} on ${when}. Not expected? Call ${p.phone}.`
    : `${p.shortName} portal: ${SUBJECT[input.change].toLowerCase()} on ${when}. Not you? Call ${p.phone}.`;
  const email = [
    `Hello ${person.first_name},`,
    '',
    `${SUBJECT[input.change]}${by} in the ${p.name} claimant portal on ${when}.`,
    '',
    ...(input.by
      ? [
          `If you expected this, you do not need to do anything.`,
          `If not, you can end their access in Personal details, under People who help, and please call us on ${p.phone} (${p.callHours}).`,
        ]
      : [
          `If this was you, you do not need to do anything.`,
          `If it was not you, please call us straight away on ${p.phone} (${p.callHours}).`,
        ]),
  ].join('\n');
  for (const target of targets) {
    const text = target.channel === 'sms' ? sms : email;
    await enqueueNotification(db, deps.cipher, now, {
      accountId: input.accountId,
      kind: `security-notice:${input.change}`,
      channel: target.channel,
      to: target.to,
      subject,
      text,
    });
  }
}
