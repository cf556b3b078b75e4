/** Drafts and submission of the documents form (spec 001 Submit documents, Document drafts; uploads issue). */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { BODY_JSON_BOUNDS, DRAFT_JSON_BOUNDS, boundedJson } from '../json.ts';
import { MESSAGES } from '../messages.ts';
import { requestBody, isoDate } from './common.ts';
import { FORM_TYPES } from './uploads.ts';
import { respondsTo } from './responds-to.ts';

export const TAX_FILE_DECLARATION = 'Tax File Declaration Form';
export const REIMBURSEMENT_TYPE = 'Reimbursement';

export const DraftFile = z.object({ Filename: z.string().max(200), FileID: z.string().max(64) });

/** The documents draft as spec 001 §3 describes it. */
export const DocumentDraft = z.object({
  DocumentType: z.object({ Id: z.number().int(), Item: z.string().max(100) }).nullable(),
  Description: z.string().max(LIMITS.documentMessageMax, MESSAGES.documentMessageRequired),
  Documents: z.array(DraftFile).max(20),
});
export type DocumentDraft = z.infer<typeof DocumentDraft>;

/**
 * Spec 001 §5 "Documents page": the rules a documents form must meet to be sent, read from the
 * chosen type's list item. The web page checks the claimant's choice with it; the server checks
 * again with the item its own list holds for the chosen Id (null when there is none).
 */
export const DocumentsToSend = DocumentDraft.superRefine((draft, ctx) => {
  const add = (message: string, field: keyof DocumentDraft) => ctx.addIssue({ code: 'custom', message, path: [field] });
  const type = draft.DocumentType?.Item;
  const taxFile = type === TAX_FILE_DECLARATION;
  if (type === undefined) add(MESSAGES.documentTypeRequired, 'DocumentType');
  if (type === REIMBURSEMENT_TYPE) add(MESSAGES.reimbursementUseForm, 'DocumentType');
  // Spec 001: "A message (max 1000) is required unless the type is Tax File Declaration Form", so
  // also before a type is chosen: the claimant hears of every missing field at once.
  if (type !== REIMBURSEMENT_TYPE && !taxFile && draft.Description.trim() === '')
    add(MESSAGES.documentMessageRequired, 'Description');
  if (draft.Documents.length === 0) add(MESSAGES.documentsRequired, 'Documents');
  if (taxFile && draft.Documents.length > 1) add(MESSAGES.taxFileOneDocument, 'Documents');
});

/** FormId names the draft being saved: a save for a form already submitted never resurrects it. */
export const SaveDocumentDraftRequest = requestBody({
  FormId: z.string().max(64).optional(),
  Draft: DocumentDraft,
  /** Set when the claimant leaves the form with unsaved changes (spec 001 §4). */
  SavedUnsubmitted: z.boolean().optional(),
});
export const DraftSaved = z.object({ FormId: z.string(), UpdatedAt: z.string(), Submitted: z.boolean() });

export const DocumentDraftResponse = z
  .object({ FormId: z.string(), Draft: DocumentDraft, UpdatedAt: z.string() })
  .nullable();

export const DiscardDraftRequest = requestBody({ FormId: z.string().max(64).optional() });

/** Submission: the same IdempotencyKey gives the same answer once (a double click sends one form). */
export const SubmitDocumentsRequest = requestBody({
  FormId: z.string().max(64),
  Draft: DocumentDraft,
  Authorised: z.literal(true, { error: MESSAGES.authorisationRequired }),
  IdempotencyKey: z.string().min(8).max(100),
  RespondsTo: respondsTo,
});
export const SubmittedResponse = z.object({ SentItemId: z.string() });

export const DraftDatesResponse = z.object({ DocumentsDate: isoDate.nullable() });

export const FormTypeParams = z.strictObject({ type: z.enum(FORM_TYPES) });

/**
 * The generic draft calls (spec 001 §7 updateform/{type}, getdraft/{type}, discarddraft/{type})
 * for the forms that keep drafts. A draft is the form's own JSON (at most 64 KB, 32 levels deep)
 * with the files uploaded for it listed as Documents; the documents form's draft is the
 * DocumentDraft above.
 */
export const DRAFT_FORM_TYPES = ['documents', 'reimbursement'] as const;
export type DraftFormType = (typeof DRAFT_FORM_TYPES)[number];
export const DraftTypeParams = z.strictObject({ type: z.enum(DRAFT_FORM_TYPES) });
export const GenericDraft = boundedJson(z.looseObject({ Documents: z.array(DraftFile).max(20) }), DRAFT_JSON_BOUNDS);
export const SaveDraftRequest = requestBody({
  FormId: z.string().max(64).optional(),
  Draft: GenericDraft,
  SavedUnsubmitted: z.boolean().optional(),
});
export const DraftResponse = z
  .object({ FormId: z.string(), Draft: z.looseObject({ Documents: z.array(DraftFile) }), UpdatedAt: z.string() })
  .nullable();

/**
 * submit/{type}: the generic submit of a form that keeps drafts. Its body is that form's own
 * submission (SubmitDocumentsRequest, SubmitReimbursementRequest), checked by type on the server.
 */
export const SubmitDraftFormRequest = boundedJson(
  z.looseObject({ AccessToken: z.string().max(256).nullable().optional() }),
  BODY_JSON_BOUNDS,
);
