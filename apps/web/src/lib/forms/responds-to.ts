/**
 * "More information needed": the decision's button opens Upload documents or Claim
 * reimbursement with `?respondsTo=<SentItemId>`; the form sends it as RespondsTo, so the claims
 * system sees which submission this one answers. The server checks the id is the claimant's own
 * (another's is "not found"); here it is only read and bounded like the contract's field.
 */
import { useSearchParams } from 'react-router';

const RESPONDS_TO_PARAM = 'respondsTo';

/** The form that answers "more information needed": the reimbursement form for a reimbursement, else Upload documents. */
export function replyFormOf(type: string): { to: string; label: string } {
  return type.trim().toLowerCase() === 'reimbursement'
    ? { to: '/reimbursementform', label: 'Claim reimbursement' }
    : { to: '/submitdocuments', label: 'Upload documents' };
}

/** The link of a form that answers `sentItemId`. */
export function respondingTo(path: string, sentItemId: string): string {
  return `${path}?${new URLSearchParams({ [RESPONDS_TO_PARAM]: sentItemId })}`;
}

/** The submission the open form answers, when it was opened from a decision. */
export function useRespondsTo(): string | undefined {
  const [params] = useSearchParams();
  const id = params.get(RESPONDS_TO_PARAM)?.trim();
  return id && id.length <= 64 ? id : undefined;
}

/** What the form adds to its submission: RespondsTo, or nothing. */
export const respondsToField = (id: string | undefined) => (id ? { RespondsTo: id } : {});
