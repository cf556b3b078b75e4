/**
 * /submitdocuments (spec 001 "Submit documents", "Document drafts"; uploads issue): document type,
 * message, uploads, authorisation, Submit and Discard Draft, and the 'submitdocs' help content.
 * The draft is saved LIMITS.draftDebounceMs after every change and restored on open; leaving with
 * unsaved changes asks first (50 ms rule) and marks the draft saved-unsubmitted.
 * Every change is also written at once to this device's draft mirror (lib/forms/draft-mirror.ts),
 * so a closed tab or a dropped connection loses nothing typed more than a second before; a save
 * that fails is re-sent when the connection returns, and a newer mirrored change is restored (and
 * sent) when the form is opened. All of that is lib/forms/use-form-draft.ts, shared with the
 * reimbursement form; this page turns its fields into the draft and back.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { DocumentDraft, TAX_FILE_DECLARATION } from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ContentDocument } from '../../../components/content-document.tsx';
import { ErrorSummary, type SummaryEntry } from '../../../components/error-summary.tsx';
import { FileUpload, isUploading, uploadedItem, type UploadItem } from '../../../components/file-upload.tsx';
import { useSubmissionSent } from '../../../lib/api/submission-sent.ts';
import { UPLOAD_KINDS_TEXT } from '../../../lib/uploads/upload.ts';
import { CheckboxField, Form } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { useCorrectedProblemsGo } from '../../../components/forms/use-corrected-problems-go.ts';
import { createDraftMirror } from '../../../lib/forms/draft-mirror.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { useFormDraft } from '../../../lib/forms/use-form-draft.ts';
import type { SentState } from '../../../lib/content/reference.ts';
import { discardDocumentDraft } from '../api/discard-document-draft.ts';
import { getDocumentDraft } from '../api/get-document-draft.ts';
import { useDocumentTypes } from '../api/get-document-types.ts';
import { saveDocumentDraft } from '../api/save-document-draft.ts';
import { submitDocuments } from '../api/submit-documents.ts';
import { respondsToField, useRespondsTo } from '../../../lib/forms/responds-to.ts';
import { DocumentTypeFields } from '../components/document-type-fields.tsx';
import {
  DEFAULTS,
  DocumentsForm,
  FIELD_IDS,
  problemsOf,
  toDraft,
  uploadedFiles,
  type DocumentsToSubmit,
  type DocumentsValues,
  type Errors,
  type FieldName,
} from '../components/documents-form.ts';
import styles from './documents.module.css';

export { RESTORED_MESSAGE } from '../../../lib/forms/use-form-draft.ts';

/** This device's copy of the documents draft. */
const documentsMirror = createDraftMirror(DocumentDraft);
const documentsDraftApi = { get: getDocumentDraft, save: saveDocumentDraft, discard: discardDocumentDraft };

export { validateDocuments } from '../components/documents-form.ts';

const resolver = zodResolver(DocumentsForm);

export function SubmitDocumentsPage() {
  const navigate = useNavigate();
  const documentTypes = useDocumentTypes();
  // The form shows once the list has answered; without it (the app's alert said why) it offers none.
  const types = documentTypes.data ?? (documentTypes.isError && !documentTypes.isFetching ? [] : null);
  // Problems show when Submit is pressed; each goes as soon as it is corrected (decision 039).
  const { control, handleSubmit, getValues, setValue, setError, clearErrors, formState } = useForm<
    DocumentsValues,
    unknown,
    DocumentsToSubmit
  >({
    resolver,
    defaultValues: DEFAULTS,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const authorisedField = useController({ control, name: 'Authorised' }).field;
  const [type, message] = useWatch({ control, name: ['DocumentType', 'Description'] });
  const errors: Errors = {};
  for (const name of Object.keys(FIELD_IDS) as FieldName[]) errors[name] = formState.errors[name]?.message;
  const [items, setItems] = useState<UploadItem[]>([]);
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
        setValue('DocumentType', opened.DocumentType);
        setValue('Description', opened.Description);
        setItems(opened.Documents.map((d) => uploadedItem(d.Filename, d.FileID)));
      }
    },
    uploading,
    ignoreChanges: submitting,
    draftSavedNoticeAt: '/forms',
  });
  const { formId } = draft;

  useCorrectedProblemsGo(JSON.stringify([type, message, authorisedField.value, uploadedFiles(items)]), () => {
    const shown = (Object.keys(FIELD_IDS) as FieldName[]).filter((name) => errors[name]);
    if (shown.length === 0) return;
    const problems = problemsOf({ ...getValues(), Documents: uploadedFiles(latest.current.items) });
    const corrected = shown.filter((name) => problems[name] === undefined);
    if (corrected.length > 0) clearErrors(corrected);
  });

  const tfd = type?.Item === TAX_FILE_DECLARATION;
  const busy = uploading;

  const showSummary = (entries: SummaryEntry[]) => {
    setSummary(entries);
    setFocusKey((k) => k + 1);
  };

  const respondsTo = useRespondsTo();
  const submissionSent = useSubmissionSent();
  const send = async (values: DocumentsToSubmit) => {
    setSummary([]);
    draft.cancelSave();
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const id = await draft.savedFormId();
      const { SentItemId } = await submitDocuments({
        FormId: id,
        Draft: toDraft(values.DocumentType, values.Description, latest.current.items),
        IdempotencyKey: idempotencyKey.current,
        ...respondsToField(respondsTo),
      });
      draft.markSubmitted();
      submissionSent();
      const sent: SentState = { sentItemId: SentItemId, sentAt: Date.now() };
      await navigate('/thankyou-documents', { replace: true, state: sent });
    } catch (error) {
      if (isRequestError(error)) {
        if (error.forcedLogout) return;
        if (error.kind === 'server' && error.items.some((i) => i.Field)) {
          const { entries } = applyServerErrors(error, {
            fieldIds: FIELD_IDS,
            setError: ({ field, message: text }) => setError(field as FieldName, { type: 'server', message: text }),
          });
          showSummary(entries);
          idempotencyKey.current = null;
          return;
        }
        if (error.kind === 'server') idempotencyKey.current = null;
        showAlert(error.entries);
      } else showAlert([{ message: 'Your request could not be completed.' }]);
    }
  };

  // The files are checked as the upload list holds them when the form is checked.
  const doSubmit = async () => {
    setValue('Documents', uploadedFiles(latest.current.items));
    const problems = problemsOf(getValues());
    const names = Object.keys(problems) as FieldName[];
    if (names.length > 0) {
      clearErrors();
      for (const name of names) setError(name, { type: 'rule', message: problems[name] });
      showSummary(names.map((name) => ({ message: problems[name] as string, fieldId: FIELD_IDS[name] })));
      return;
    }
    await handleSubmit(send)();
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
      <Form submitting={submitting} onSubmit={onSubmit} data-testid="documents-form" legend="Upload documents">
        <DocumentTypeFields
          control={control}
          types={types}
          errors={{ DocumentType: errors.DocumentType, Description: errors.Description }}
        />
        <FileUpload
          id={FIELD_IDS.Documents}
          label={tfd ? 'Document (one file only)' : 'Documents'}
          hint={`One file at a time. Each can be ${UPLOAD_KINDS_TEXT}.`}
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
              ref={authorisedField.ref}
              name={authorisedField.name}
              onBlur={authorisedField.onBlur}
              checked={authorisedField.value}
              onChange={(e) => authorisedField.onChange(e.currentTarget.checked)}
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
            Discard draft
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
