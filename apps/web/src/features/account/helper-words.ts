/**
 * People who help, in words: what each scope lets a helper do, where a helper stands, and what a
 * helper did (the server names the call; the claimant reads what it means).
 */
import {
  AUTHORITY_UPLOAD_PATH,
  PROVIDER_TIME_ZONE,
  ROUTES,
  UPLOAD_PATH,
  dateTimeFormat,
  type Helper,
} from '@portal/contracts';
import { formatLongDate } from '../../lib/content/dates.ts';

/** The scopes a claimant may give (Act comes only from the claims system). */
export const INVITE_SCOPES = ['View', 'Send'] as const;
export type InviteScope = (typeof INVITE_SCOPES)[number];

export const SCOPE_NAMES: Record<Helper['Scope'], string> = {
  View: 'View',
  Send: 'View and send',
  Act: 'Act for you',
};

/** One sentence each: what the helper may do with the claim. */
export const SCOPE_SENTENCES: Record<Helper['Scope'], string> = {
  View: 'They can see your messages, sent items, payments, decisions and the list of your documents.',
  Send: 'They can do everything View allows, and also send documents, send us a message and claim a reimbursement.',
  Act: 'Appointed by us: they can do everything View and send allows, and also ask to change your details and fill in the authority form.',
};

const TIME = dateTimeFormat('en-AU', {
  timeZone: PROVIDER_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** An instant → '3 December 2026 at 10:04 am', in Melbourne. */
export function formatDateAndTime(instant: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  return `${formatLongDate(instant)} at ${TIME.format(at).toLowerCase()}`;
}

/** Where a helper stands, in a sentence. */
export function stateWords(helper: Helper): string {
  if (helper.State === 'Active') return 'Active: they can help now.';
  if (helper.State === 'Invited') {
    return helper.InvitationExpiresAt
      ? `Invited: they have not accepted yet. The invitation ends on ${formatDateAndTime(helper.InvitationExpiresAt)}.`
      : 'Invited: they have not accepted yet.';
  }
  return 'Ended: they can no longer help.';
}

export function endsOnWords(helper: Helper): string | null {
  if (!helper.EndsOn) return null;
  return helper.State === 'Ended'
    ? `Last day of access was ${formatLongDate(helper.EndsOn)}.`
    : `Their access ends after ${formatLongDate(helper.EndsOn)}.`;
}

type RouteName = keyof typeof ROUTES;

/** What each call a helper may make means, as "Sam …". */
const DID: Partial<Record<RouteName, string>> = {
  getMessages: 'read your messages',
  markAsRead: 'opened a message',
  getUnreadMessageCount: 'checked for new messages',
  getSentItems: 'looked at your sent items',
  getSentItemProgress: 'looked at the progress of a sent item',
  getPayments: 'looked at your payments',
  getPaymentsSummary: 'looked at your payments',
  getPaymentStatement: 'downloaded a payment statement',
  getClaimTasks: 'looked at what is needed for your claim',
  getFileContent: 'opened a document',
  downloadFile: 'downloaded a document',
  discardFile: 'removed a document from a draft',
  saveDocumentDraft: 'saved a draft of documents to send',
  getDocumentDraft: 'opened a draft of documents to send',
  saveDraft: 'saved a draft form',
  getDraft: 'opened a draft form',
  discardDraft: 'discarded a draft form',
  submitDraftForm: 'sent a form',
  submitDocuments: 'sent documents',
  submitReimbursement: 'claimed a reimbursement',
  getDraftDates: 'looked at your drafts',
  uploadContactForm: 'started a message to us',
  submitContactForm: 'sent us a message',
  getAuthorityFormData: 'opened the authority form',
  uploadDetailsRequest: 'started a request to change your name or date of birth',
  submitDetailsRequest: 'asked to change your name or date of birth',
  getClaimantDetails: 'looked at your personal details',
  updateClaimantContactDetails: 'changed your contact details',
};

/** A route's path as a pattern: its parameters (':type') match any one part. */
function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

/** The uploads, outside the endpoint table. */
const UPLOADS: Record<string, string> = {
  [UPLOAD_PATH]: 'uploaded a document',
  [AUTHORITY_UPLOAD_PATH]: 'uploaded the authority form',
};

/** What the call at `path` means ("sent documents"); a call not named here, in general words. */
export function activityWords(path: string): string {
  for (const [name, words] of Object.entries(DID) as [RouteName, string][]) {
    if (matches(ROUTES[name].path, path)) return words;
  }
  return UPLOADS[path] ?? 'used your claim';
}
