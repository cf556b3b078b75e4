/**
 * The send-documents form's values and rules: the contracts' DocumentsToSend (the server checks
 * the same rule) with the authorisation the request requires, and the draft the form saves.
 */
import { DocumentsToSend, REIMBURSEMENT_TYPE, SubmitDocumentsRequest, type DocumentDraft } from '@portal/contracts';
import { z } from 'zod';
import type { UploadItem } from '../../../components/file-upload.tsx';
import type { DocumentType } from '../api/get-document-types.ts';

/** In page order: the summary lists problems in this order and links to these controls. */
export const FIELD_IDS = {
  DocumentType: 'documents-type',
  Description: 'documents-message',
  Documents: 'documents-upload',
  Authorised: 'documents-authorised',
} as const;
export type FieldName = keyof typeof FIELD_IDS;

export type Errors = Partial<Record<FieldName, string>>;

/**
 * The contracts' documents rule (the server checks the same one) and the authorisation the
 * request requires. An intersection, not an extension, so every problem is listed at once.
 */
export const DocumentsForm = z.intersection(
  DocumentsToSend,
  z.object({ Authorised: z.boolean().pipe(SubmitDocumentsRequest.shape.Authorised) }),
);
export type DocumentsValues = z.input<typeof DocumentsForm>;
export type DocumentsToSubmit = z.output<typeof DocumentsForm>;

export const DEFAULTS: DocumentsValues = { DocumentType: null, Description: '', Documents: [], Authorised: false };

/** The files the server has: what the draft and the submission name. */
export const uploadedFiles = (items: readonly UploadItem[]) =>
  items.filter((i) => i.fileId).map((i) => ({ Filename: i.filename, FileID: i.fileId as string }));

/**
 * The problems of these values, one message per field in page order: what the resolver finds,
 * checked in the press so the summary and the messages show with it (as the reimbursement form,
 * decision 026).
 */
export function problemsOf(values: DocumentsValues): Errors {
  const issues = DocumentsForm.safeParse(values).error?.issues ?? [];
  const found: Errors = {};
  for (const name of Object.keys(FIELD_IDS) as FieldName[]) {
    const issue = issues.find((i) => i.path[0] === name);
    if (issue) found[name] = issue.message;
  }
  return found;
}

/** The problems the form shows for these values. */
export function validateDocuments(input: {
  type: DocumentType | null;
  message: string;
  items: readonly UploadItem[];
  authorised: boolean;
}): Errors {
  return problemsOf({
    DocumentType: input.type,
    Description: input.message,
    Documents: uploadedFiles(input.items),
    Authorised: input.authorised,
  });
}

export function toDraft(type: DocumentType | null, message: string, items: readonly UploadItem[]): DocumentDraft {
  return {
    DocumentType: type,
    Description: type?.Item === REIMBURSEMENT_TYPE ? '' : message,
    Documents: uploadedFiles(items),
  };
}
