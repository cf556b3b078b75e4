/**
 * What the claimant hears of their helpers (decision 041): each submission a helper makes for them
 * (who, what and when, never its content), a helper who stops helping and one the claims system
 * appoints, each queued in the change's transaction to the contacts the claims system holds; and
 * the invitation link a helper is sent, the claimant's and the claims system's alike.
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

/**
 * The invitation link, to the e-mail or mobile given, queued in the invitation's transaction. The
 * token travels in the fragment, which browsers never send: it stays out of every log.
 */
export async function queueInvitation(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  i: { contact: string; name: string; claimNumber: string; scope: string; token: string },
): Promise<void> {
  const p = deps.config.provider;
  const link = `${deps.config.publicUrl ?? ''}/helping#invitation=${i.token}`;
  await enqueueNotification(trx, deps.cipher, now, {
    accountId: null,
    kind: 'helper-invitation',
    channel: i.contact.includes('@') ? 'email' : 'sms',
    to: i.contact,
    subject: `You are invited to help with a ${p.shortName} claim`,
    text:
      `Hello ${i.name},\n\nYou have been invited to help with claim ${i.claimNumber} (${i.scope}).\n` +
      `Open this link within 14 days to accept: ${link}\n\nIf you did not expect this, ignore it or call us on ${p.phone}.`,
  });
}

const SCOPE_WORDS: Record<string, string> = {
  View: 'they can see your messages, payments, decisions and documents',
  Send: 'they can see your claim and send documents and messages for you',
  Act: 'they can see your claim, send for you and make requests for you',
};

/** The claims system appointed (or changed the access of) a helper: who, with what scope. */
export async function queueAppointmentNotice(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  a: { claimantAccountId: string; name: string; scope: string; claimNumber: string; changed: boolean },
): Promise<void> {
  const p = deps.config.provider;
  const what = a.changed ? `changed the access of ${a.name}` : `appointed ${a.name}`;
  await tellClaimant(deps, trx, now, a.claimantAccountId, {
    kind: a.changed ? 'helper-appointment-changed' : 'helper-appointed',
    subject: `${p.shortName} has ${what} to help with your claim`,
    lines: [
      `${p.name} has ${what} to help you with claim ${a.claimNumber}, with ${a.scope} access: ${SCOPE_WORDS[a.scope] ?? ''}.`,
      'You can see everyone who helps you, and what they did, in My Details, under People who help.',
    ],
    sms: `${p.shortName} has ${what} to help with claim ${a.claimNumber} (${a.scope}).`,
  });
}

/** The claims system ended an appointment: the claimant hears of it, as they do when a helper leaves. */
export async function queueAppointmentEndedNotice(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  a: { claimantAccountId: string; name: string; claimNumber: string },
): Promise<void> {
  const p = deps.config.provider;
  await tellClaimant(deps, trx, now, a.claimantAccountId, {
    kind: 'helper-appointment-ended',
    subject: `${p.shortName} has ended ${a.name}’s access to your claim`,
    lines: [
      `${p.name} has ended ${a.name}’s access to claim ${a.claimNumber}. They can no longer see or do anything for it.`,
      'You can see everyone who helps you in My Details, under People who help.',
    ],
    sms: `${p.shortName} has ended ${a.name}’s access to claim ${a.claimNumber}.`,
  });
}

const HELPER_SCOPE_WORDS: Record<string, string> = {
  View: 'see the claim’s messages, payments, decisions and documents',
  Send: 'see the claim, and send documents, messages and reimbursement claims for it',
};

/** The claimant changed what a helper can do: the helper hears it at the contact invited, in the change's transaction. */
export async function queueScopeChangeNotice(
  deps: Pick<Deps, 'cipher' | 'config'>,
  trx: Transaction<Database>,
  now: number,
  c: { contact: string; name: string; claimNumber: string; scope: string },
): Promise<void> {
  const p = deps.config.provider;
  await enqueueNotification(trx, deps.cipher, now, {
    accountId: null,
    kind: 'helper-scope-changed',
    channel: c.contact.includes('@') ? 'email' : 'sms',
    to: c.contact,
    subject: `What you can do for a ${p.shortName} claim has changed`,
    text:
      `Hello ${c.name},\n\nWhat you can do for claim ${c.claimNumber} has changed. From now on you can ` +
      `${HELPER_SCOPE_WORDS[c.scope] ?? ''}.\n\nIf you have a question, call us on ${p.phone}.`,
  });
}
