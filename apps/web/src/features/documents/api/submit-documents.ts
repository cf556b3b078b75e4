/** POST /api/documentupload/submitdocumentform: sends the documents draft (the page explains failures). */
import type { DocumentDraft } from '@portal/contracts';
import { call } from '../../../lib/request/call.ts';

export function submitDocuments(body: {
  FormId: string;
  Draft: DocumentDraft;
  IdempotencyKey: string;
  RespondsTo?: string;
}) {
  return call(
    'submitDocuments',
    { ...body, Authorised: true },
    { silent: true, loadingMessage: 'Sending your documents' },
  );
}
