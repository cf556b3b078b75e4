import { AuthorityFormData } from '../authority.ts';
import { EmptyRequest, Ok } from '../common.ts';
import { SubmitReimbursementRequest } from '../reimbursement.ts';
import {
  DiscardFileRequest,
  DownloadFileRequest,
  DownloadFileResponse,
  FileContentRequest,
  FileContentResponse,
} from '../uploads.ts';
import {
  DiscardDraftRequest,
  DocumentDraftResponse,
  DraftDatesResponse,
  DraftResponse,
  DraftSaved,
  DraftTypeParams,
  SaveDocumentDraftRequest,
  SaveDraftRequest,
  SubmitDocumentsRequest,
  SubmitDraftFormRequest,
  SubmittedResponse,
} from '../forms.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/**
 * The claimant's files, the drafts of forms that keep them, and sending the documents and
 * reimbursement forms.
 */
export const FORM_ENDPOINTS = {
  getFileContent: post(
    ROUTES.getFileContent,
    FileContentRequest,
    FileContentResponse,
    'A document of the selected claim, base64',
  ),
  downloadFile: post(
    ROUTES.downloadFile,
    DownloadFileRequest,
    DownloadFileResponse,
    "One of the claimant's files as an attachment (streamed; Content-Disposition, nosniff, a sandboxing CSP)",
  ),
  discardFile: post(ROUTES.discardFile, DiscardFileRequest, Ok, 'Removes an uploaded document that has not been sent'),
  saveDocumentDraft: post(
    ROUTES.saveDocumentDraft,
    SaveDocumentDraftRequest,
    DraftSaved,
    'Saves the documents draft (debounced by the web app)',
  ),
  getDocumentDraft: post(
    ROUTES.getDocumentDraft,
    EmptyRequest,
    DocumentDraftResponse,
    'The documents draft of the selected claim, or null',
  ),
  saveDraft: {
    ...post(
      ROUTES.saveDraft,
      SaveDraftRequest,
      DraftSaved,
      'Saves the draft of a form that keeps drafts (documents, reimbursement)',
    ),
    params: DraftTypeParams,
  },
  getDraft: {
    ...post(ROUTES.getDraft, EmptyRequest, DraftResponse, 'The draft of that form for the selected claim, or null'),
    params: DraftTypeParams,
  },
  discardDraft: {
    ...post(ROUTES.discardDraft, DiscardDraftRequest, Ok, 'Deletes the draft of that form and its unsent files'),
    params: DraftTypeParams,
  },
  submitDraftForm: {
    ...post(
      ROUTES.submitDraftForm,
      SubmitDraftFormRequest,
      SubmittedResponse,
      "Sends a form that keeps drafts; the body is that form's submission (as submitdocumentform or submitreceipts)",
    ),
    params: DraftTypeParams,
  },
  discardDocumentDraft: post(
    ROUTES.discardDocumentDraft,
    DiscardDraftRequest,
    Ok,
    'Deletes the documents draft and its unsent files',
  ),
  submitDocuments: post(
    ROUTES.submitDocuments,
    SubmitDocumentsRequest,
    SubmittedResponse,
    'Sends the documents form (idempotent); recorded as a sent item, queued for the provider',
  ),
  submitReimbursement: post(
    ROUTES.submitReimbursement,
    SubmitReimbursementRequest,
    SubmittedResponse,
    'Sends the reimbursement claim (idempotent): receipts, who to pay, files; recorded as a sent item, queued for the provider',
  ),
  getDraftDates: post(
    ROUTES.getDraftDates,
    EmptyRequest,
    DraftDatesResponse,
    'When the documents draft was last edited',
  ),
  getAuthorityFormData: post(
    ROUTES.getAuthorityFormData,
    EmptyRequest,
    AuthorityFormData,
    'The details printed on the authority form',
  ),
} satisfies AreaTable<'forms'>;
