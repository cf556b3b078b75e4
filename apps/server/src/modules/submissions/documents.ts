/** Sending the documents form (spec 001 Submit documents; uploads issue): its check and what it sends. */
import { DocumentsToSend, ErrorNumber, type DocumentDraft } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, zodIssueItems } from '../../errors.ts';
import * as forms from '../forms/repository.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';
import { fileList, submitForm } from './submit-form.ts';

export async function submitDocuments(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  body: { FormId: string; Draft: DocumentDraft; IdempotencyKey: string; RespondsTo?: string | undefined },
) {
  return submitForm(deps, auth, claimId, 'documents', body, async () => {
    const files = await forms.findUnsentFiles(
      deps.db,
      auth.accountId,
      claimId,
      body.Draft.Documents.map((d) => d.FileID),
    );
    if (files.length !== body.Draft.Documents.length) throw new AppError(ErrorNumber.NotFound);
    // The rules are checked on the type as this server's list names it, whatever the client sent.
    const type =
      body.Draft.DocumentType && (await repo.findListItem(deps.db, 'DocumentFormTypes', body.Draft.DocumentType.Id));
    const checked = DocumentsToSend.safeParse({
      ...body.Draft,
      DocumentType: type ? { Id: type.id, Item: type.item } : null,
    });
    if (!checked.success) throw AppError.list(zodIssueItems(checked.error.issues));
    const typeItem = type ? type.item : '';
    const description = body.Draft.Description.trim();
    return {
      data: JSON.stringify(body.Draft),
      files,
      sentItem: { type: 'Documents', subject: typeItem, message: description },
      event: (submitted) => ({
        kind: 'documents',
        payload: { ...submitted, DocumentType: typeItem, Description: description, Files: fileList(files) },
      }),
    };
  });
}
