/**
 * The reimbursement draft calls (spec 001 §7 updateform/{type}, getdraft/{type},
 * discarddraft/{type} with type 'reimbursement'): save (debounced by the page), load, discard.
 */
import { ReimbursementDraft } from '@portal/contracts';
import { call, type CallBody } from '../../../lib/request/call.ts';

const params = { type: 'reimbursement' } as const;

export type ServerReimbursementDraft = { FormId: string; Draft: ReimbursementDraft; UpdatedAt: string };

/** The saved draft, or null. A draft this version cannot read is treated as none. */
export async function getReimbursementDraft(): Promise<ServerReimbursementDraft | null> {
  const answer = await call('getDraft', {}, { params, silent: true });
  if (!answer) return null;
  const draft = ReimbursementDraft.safeParse(answer.Draft);
  return {
    FormId: answer.FormId,
    UpdatedAt: answer.UpdatedAt,
    Draft: draft.success ? draft.data : ReimbursementDraft.parse({ Documents: answer.Draft.Documents }),
  };
}

export function saveReimbursementDraft(
  body: { FormId?: string | undefined; Draft: ReimbursementDraft; SavedUnsubmitted?: boolean },
  keepalive = false,
) {
  const payload: CallBody<'saveDraft'> = { Draft: body.Draft };
  if (body.FormId) payload.FormId = body.FormId;
  if (body.SavedUnsubmitted) payload.SavedUnsubmitted = true;
  return call('saveDraft', payload, {
    params,
    silent: true,
    keepalive,
  });
}

export function discardReimbursementDraft(formId: string | undefined) {
  return call('discardDraft', formId ? { FormId: formId } : {}, {
    params,
    loadingMessage: 'Discarding draft',
  });
}
