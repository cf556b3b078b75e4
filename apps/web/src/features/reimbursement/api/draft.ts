/**
 * The reimbursement draft calls (spec 001 §7 updateform/{type}, getdraft/{type},
 * discarddraft/{type} with type 'reimbursement'): save (debounced by the page), load, discard.
 */
import { ENDPOINTS, ReimbursementDraft, type DraftResponse, type DraftSaved } from '@portal/contracts';
import type { z } from 'zod';
import { request, withPathParams } from '../../../lib/request.ts';

const TYPE = { type: 'reimbursement' } as const;

export type ServerReimbursementDraft = { FormId: string; Draft: ReimbursementDraft; UpdatedAt: string };

/** The saved draft, or null. A draft this version cannot read is treated as none. */
export async function getReimbursementDraft(): Promise<ServerReimbursementDraft | null> {
  const answer = await request<z.infer<typeof DraftResponse>>(
    withPathParams(ENDPOINTS.getDraft, TYPE),
    {},
    { silent: true },
  );
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
  const payload: Record<string, unknown> = { Draft: body.Draft };
  if (body.FormId) payload.FormId = body.FormId;
  if (body.SavedUnsubmitted) payload.SavedUnsubmitted = true;
  return request<z.infer<typeof DraftSaved>>(withPathParams(ENDPOINTS.saveDraft, TYPE), payload, {
    silent: true,
    keepalive,
  });
}

export function discardReimbursementDraft(formId: string | undefined) {
  return request<boolean>(withPathParams(ENDPOINTS.discardDraft, TYPE), formId ? { FormId: formId } : {}, {
    loadingMessage: 'Discarding draft',
  });
}
