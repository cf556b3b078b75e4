/**
 * /submitdocuments (spec 001 "Submit documents", "Document drafts"; uploads issue): document type,
 * message, uploads, authorisation, Submit and Discard Draft, and the 'submitdocs' help content.
 * The draft is saved LIMITS.draftDebounceMs after every change and restored on open; leaving with
 * unsaved changes asks first (50 ms rule) and marks the draft saved-unsubmitted.
 * Every change is also written at once to this device's draft mirror (lib/draft-mirror.ts),
 * so a closed tab or a dropped connection loses nothing typed more than a second before; a save
 * that fails is re-sent when the connection returns, and a newer mirrored change is restored (and
 * sent) when the form is opened. All of that is lib/use-form-draft.ts, shared with the
 * reimbursement form; this page turns its fields into the draft and back.
 */
import {
  DocumentDraft,
  LIMITS,
  MESSAGES,
  REIMBURSEMENT_TYPE,
  TAX_FILE_DECLARATION,
  UPLOAD_SIZE_TEXT,
  UPLOAD_TYPES_TEXT,
} from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ContentDocument } from '../../../components/content-document.tsx';
import { ErrorSummary, serverEntries, type SummaryEntry } from '../../../components/error-summary.tsx';
import { FileUpload, isUploading, uploadedItem, type UploadItem } from '../../../components/file-upload.tsx';
import { CheckboxField, Field, Form } from '../../../components/form-field.tsx';
import { createDraftMirror } from '../../../lib/draft-mirror.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import { showAlert } from '../../../lib/alerts.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { discardDocumentDraft } from '../api/discard-document-draft.ts';
import { getDocumentDraft } from '../api/get-document-draft.ts';
import { useDocumentTypes, type DocumentType } from '../api/get-document-types.ts';
import { saveDocumentDraft } from '../api/save-document-draft.ts';
import { submitDocuments } from '../api/submit-documents.ts';
import styles from './documents.module.css';

export { DISCARD_MESSAGE, RESTORED_MESSAGE } from '../../../lib/use-form-draft.ts';

/** This device's copy of the documents draft. */
const documentsMirror = createDraftMirror(DocumentDraft);
const documentsDraftApi = { get: getDocumentDraft, save: saveDocumentDraft, discard: discardDocumentDraft };

const FIELD_IDS = {
  DocumentType: 'documents-type',
  Description: 'documents-message',
  Documents: 'documents-upload',
  Authorised: 'documents-authorised',
} as const;
type FieldName = keyof typeof FIELD_IDS;

type Errors = Partial<Record<FieldName, string>>;

export function validateDocuments(input: {
  type: DocumentType | null;
  message: string;
  items: readonly UploadItem[];
  authorised: boolean;
}): Errors {
  const errors: Errors = {};
  const tfd = input.type?.Item === TAX_FILE_DECLARATION;
  if (!input.type) errors.DocumentType = MESSAGES.documentTypeRequired;
  else if (input.type.Item === REIMBURSEMENT_TYPE) errors.DocumentType = MESSAGES.reimbursementUseForm;
  if (input.type?.Item !== REIMBURSEMENT_TYPE) {
    if (!tfd && input.message.trim() === '') errors.Description = MESSAGES.documentMessageRequired;
    else if (input.message.length > LIMITS.documentMessageMax) errors.Description = MESSAGES.documentMessageRequired;
  }
  const uploaded = input.items.filter((i) => i.fileId);
  if (uploaded.length === 0) errors.Documents = MESSAGES.documentsRequired;
  else if (tfd && uploaded.length > 1) errors.Documents = MESSAGES.taxFileOneDocument;
  if (!input.authorised) errors.Authorised = MESSAGES.authorisationRequired;
  return errors;
}

function toDraft(type: DocumentType | null, message: string, items: readonly UploadItem[]): DocumentDraft {
  return {
    DocumentType: type,
    Description: type?.Item === REIMBURSEMENT_TYPE ? '' : message,
    Documents: items.filter((i) => i.fileId).map((i) => ({ Filename: i.filename, FileID: i.fileId as string })),
  };
}

export function SubmitDocumentsPage() {
  const navigate = useNavigate();
  const documentTypes = useDocumentTypes();
  // The form shows once the list has answered; without it (the app's alert said why) it offers none.
  const types = documentTypes.data ?? (documentTypes.isError && !documentTypes.isFetching ? [] : null);
  const [type, setType] = useState<DocumentType | null>(null);
  const [message, setMessage] = useState('');
  const [items, setItems] = useState<UploadItem[]>([]);
  const [authorised, setAuthorised] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [waitingForUploads, setWaitingForUploads] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const latest = useRef({ items });
  latest.current = { items };
  const uploading = isUploading(items);

  // Uploads still in flight are saved when they finish.
  const draft = useFormDraft({
    form: 'documents',
    mirror: documentsMirror,
    api: documentsDraftApi,
    draft: toDraft(type, message, items),
    restore: (opened) => {
      if (opened) {
        setType(opened.DocumentType);
        setMessage(opened.Description);
        setItems(opened.Documents.map((d) => uploadedItem(d.Filename, d.FileID)));
      }
    },
    uploading,
    ignoreChanges: submitting,
    draftSavedNoticeAt: '/forms',
  });
  const { formId } = draft;

  const tfd = type?.Item === TAX_FILE_DECLARATION;
  const reimbursement = type?.Item === REIMBURSEMENT_TYPE;
  const busy = uploading;

  const showProblems = (problems: Errors, entries?: SummaryEntry[]) => {
    setErrors(problems);
    setSummary(
      entries ??
        (Object.keys(problems) as FieldName[]).map((f) => ({ message: problems[f] as string, fieldId: FIELD_IDS[f] })),
    );
    setFocusKey((k) => k + 1);
  };

  const doSubmit = async () => {
    const problems = validateDocuments({ type, message, items: latest.current.items, authorised });
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return;
    }
    setErrors({});
    setSummary([]);
    draft.cancelSave();
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const id = await draft.savedFormId();
      await submitDocuments({
        FormId: id,
        Draft: toDraft(type, message, latest.current.items),
        IdempotencyKey: idempotencyKey.current,
      });
      draft.markSubmitted();
      await navigate('/thankyou-documents', { replace: true });
    } catch (error) {
      if (isRequestError(error)) {
        if (error.forcedLogout) return;
        if (error.kind === 'server' && error.items.some((i) => i.Field)) {
          const { entries, byField } = serverEntries(error, FIELD_IDS);
          showProblems(byField as Errors, entries);
          idempotencyKey.current = null;
          return;
        }
        if (error.kind === 'server') idempotencyKey.current = null;
        showAlert(error.entries);
      } else showAlert([{ message: 'Your request could not be completed.' }]);
    }
  };

  // Submit waits for uploads still in flight.
  useEffect(() => {
    if (!waitingForUploads || busy) return;
    setWaitingForUploads(false);
    void doSubmit().finally(() => setSubmitting(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the last upload ends
  }, [waitingForUploads, busy]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    if (isUploading(latest.current.items)) {
      setWaitingForUploads(true);
      return;
    }
    void doSubmit().finally(() => setSubmitting(false));
  };

  const onDiscard = async () => {
    if (!(await draft.discard())) return;
    setItems([]);
    await navigate('/forms', { replace: true });
  };

  if (!draft.loaded || types === null) {
    return (
      <p role="status" data-testid="documents-loading">
        Loading your form…
      </p>
    );
  }

  return (
    <div className={styles.form}>
      <ErrorSummary entries={summary} focusKey={focusKey} data-testid="documents-errors" />
      <p role="status" className={styles.restored} data-testid="documents-restored">
        {draft.restoredNotice}
      </p>
      <Form submitting={submitting} onSubmit={onSubmit} data-testid="documents-form" aria-label="Send documents">
        <Field label="Document type" id={FIELD_IDS.DocumentType} error={errors.DocumentType} required>
          {(control) => (
            <select
              {...control}
              data-testid="documents-type"
              value={type ? String(type.Id) : ''}
              onChange={(e) => {
                const chosen = types.find((t) => String(t.Id) === e.currentTarget.value) ?? null;
                setType(chosen);
              }}
            >
              <option value="">Please select</option>
              {types.map((t) => (
                <option key={t.Id} value={String(t.Id)}>
                  {t.Item}
                </option>
              ))}
            </select>
          )}
        </Field>
        {reimbursement ? (
          <p className="callout callout--warning" data-testid="documents-reimbursement-note">
            <span>
              {MESSAGES.reimbursementUseForm}: <Link to="/reimbursementform">Claim reimbursement</Link>
            </span>
          </p>
        ) : null}
        <Field
          label={tfd ? 'Message (optional)' : 'Message'}
          id={FIELD_IDS.Description}
          error={errors.Description}
          required={!tfd && !reimbursement}
          hint={`Up to ${LIMITS.documentMessageMax} characters.`}
        >
          {(control) => (
            <>
              <textarea
                {...control}
                data-testid="documents-message"
                rows={6}
                maxLength={LIMITS.documentMessageMax}
                disabled={reimbursement}
                value={reimbursement ? '' : message}
                onChange={(e) => setMessage(e.currentTarget.value)}
              />
              <p className={styles.count} data-testid="documents-message-count" aria-live="polite">
                {(reimbursement ? 0 : message.length).toString()} of {LIMITS.documentMessageMax} characters
              </p>
            </>
          )}
        </Field>
        <FileUpload
          id={FIELD_IDS.Documents}
          label={tfd ? 'Document (one file only)' : 'Documents'}
          hint={`One file at a time, up to ${UPLOAD_SIZE_TEXT} each: ${UPLOAD_TYPES_TEXT}`}
          formType="documents"
          formId={formId.current}
          items={items}
          onItemsChange={setItems}
          maxFiles={tfd ? 1 : 20}
          error={errors.Documents}
          disabled={submitting && !waitingForUploads}
          testId="documents-upload"
        />
        <CheckboxField
          label="I authorise the sending of these documents and confirm they relate to my claim"
          id={FIELD_IDS.Authorised}
          error={errors.Authorised}
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              data-testid="documents-authorised"
              checked={authorised}
              onChange={(e) => setAuthorised(e.currentTarget.checked)}
            />
          )}
        </CheckboxField>
        {waitingForUploads ? (
          <p role="status" data-testid="documents-waiting">
            Waiting for your documents to finish uploading…
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className="button" data-testid="documents-submit">
            Submit
          </button>
          <button
            type="button"
            className="button button--secondary"
            data-testid="documents-discard"
            onClick={() => void onDiscard()}
          >
            Discard Draft
          </button>
        </div>
        <p className="visually-hidden" role="status" data-testid="documents-draft-status">
          {draft.savedStatus}
        </p>
      </Form>
      <section className={styles.help} aria-label="Help">
        <ContentDocument name="submitdocs" />
      </section>
    </div>
  );
}
