/**
 * /submitdocuments (spec 001 "Submit documents", "Document drafts"; uploads issue): document type,
 * message, uploads, authorisation, Submit and Discard Draft, and the 'submitdocs' help content.
 * The draft is saved LIMITS.draftDebounceMs after every change and restored on open; leaving with
 * unsaved changes asks first (50 ms rule) and marks the draft saved-unsubmitted.
 * Issue #5: every change is also written at once to this device's draft mirror (lib/draft-mirror.ts),
 * so a closed tab or a dropped connection loses nothing typed more than a second before; a save
 * that fails is re-sent when the connection returns, and a newer mirrored change is restored (and
 * sent) when the form is opened.
 */
import { DocumentDraft, LIMITS, MESSAGES, REIMBURSEMENT_TYPE, TAX_FILE_DECLARATION } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import { ContentDocument } from '../../../components/content-document.tsx';
import { ErrorSummary, serverEntries, type SummaryEntry } from '../../../components/error-summary.tsx';
import { FileUpload, isUploading, uploadedItem, type UploadItem } from '../../../components/file-upload.tsx';
import { CheckboxField, Field, Form } from '../../../components/form-field.tsx';
import { requestConfirm } from '../../../lib/confirm.ts';
import { createDraftMirror, currentDraftOwner, openDraft, type DraftOwner } from '../../../lib/draft-mirror.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import { showAlert } from '../../../lib/alerts.ts';
import {
  discardDocumentDraft,
  getDocumentDraft,
  getDocumentTypes,
  saveDocumentDraft,
  submitDocuments,
  type DocumentType,
} from '../api/documents.ts';
import styles from './documents.module.css';

export const DISCARD_MESSAGE = 'You are about to lose the uploaded information. Are you sure?';
export const RESTORED_MESSAGE = 'We restored the changes you made on this device';

/** This device's copy of the documents draft (issue #5). */
const documentsMirror = createDraftMirror(DocumentDraft);

const FIELD_IDS = { DocumentType: 'documents-type', Description: 'documents-message', Documents: 'documents-upload', Authorised: 'documents-authorised' } as const;
type FieldName = keyof typeof FIELD_IDS;

type Errors = Partial<Record<FieldName, string>>;

export function validateDocuments(input: { type: DocumentType | null; message: string; items: readonly UploadItem[]; authorised: boolean }): Errors {
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
  const [types, setTypes] = useState<DocumentType[] | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [type, setType] = useState<DocumentType | null>(null);
  const [message, setMessage] = useState('');
  const [items, setItems] = useState<UploadItem[]>([]);
  const [authorised, setAuthorised] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [waitingForUploads, setWaitingForUploads] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [restored, setRestored] = useState(false);
  const [restoredNotice, setRestoredNotice] = useState('');
  const queryClient = useQueryClient();
  const formId = useRef<string | undefined>(undefined);
  /** The server's UpdatedAt of the version on screen: the base of the next mirrored change. */
  const serverUpdatedAt = useRef<string | null>(null);
  const owner = useRef<DraftOwner | null>(null);
  /** The mirror revision of the latest change (a save hands it back to markSynced). */
  const mirrorRevision = useRef<string | undefined>(undefined);
  const dirtyNow = useRef(false);
  dirtyNow.current = dirty;
  const submitted = useRef(false);
  const leaving = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changeSeq = useRef(0);
  const latest = useRef({ type, message, items });
  latest.current = { type, message, items };

  // Load the types, the server draft and this device's mirror; a newer mirrored change wins and is sent.
  useEffect(() => {
    let live = true;
    void (async () => {
      const [list, server, who] = await Promise.all([
        getDocumentTypes().catch(() => [] as DocumentType[]),
        getDocumentDraft().catch(() => 'unavailable' as const),
        currentDraftOwner(queryClient, 'documents'),
      ]);
      if (!live) return;
      owner.current = who;
      const opened = await openDraft(documentsMirror, who, server, (draft, id) => saveDocumentDraft({ FormId: id, Draft: draft }));
      if (!live) return;
      setTypes(list);
      formId.current = opened.formId;
      serverUpdatedAt.current = opened.updatedAt;
      mirrorRevision.current = opened.revision;
      if (opened.draft) {
        setType(opened.draft.DocumentType);
        setMessage(opened.draft.Description);
        setItems(opened.draft.Documents.map((d) => uploadedItem(d.Filename, d.FileID)));
      }
      if (opened.unsynced) {
        // Still not on the server: the leave confirmation applies and the 'online' retry sends it.
        changeSeq.current += 1;
        setDirty(true);
      }
      setRestored(opened.restored);
      setLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [queryClient]);

  // Said once the form is on screen, so the live region exists before its text arrives.
  useEffect(() => {
    if (loaded && restored) setRestoredNotice(RESTORED_MESSAGE);
  }, [loaded, restored]);

  const save = useCallback(async (options: { savedUnsubmitted?: boolean; keepalive?: boolean } = {}) => {
    if (submitted.current) return;
    const seq = changeSeq.current;
    const revision = mirrorRevision.current;
    const { type: t, message: m, items: i } = latest.current;
    try {
      const saved = await saveDocumentDraft(
        { FormId: formId.current, Draft: toDraft(t, m, i), ...(options.savedUnsubmitted ? { SavedUnsubmitted: true } : {}) },
        options.keepalive,
      );
      formId.current = saved.FormId;
      serverUpdatedAt.current = saved.UpdatedAt;
      if (owner.current) {
        if (saved.Submitted) void documentsMirror.clear(owner.current);
        else if (revision) void documentsMirror.markSynced(owner.current, revision, saved);
      }
      if (saved.Submitted) submitted.current = true;
      if (seq === changeSeq.current) setDirty(false);
    } catch {
      // Stays dirty and the mirror stays unsynced: the next change, the connection coming back
      // ('online'), the leave confirmation or the next opening of the form tries again.
    }
  }, []);

  // The connection is back: send what the failed save could not.
  useEffect(() => {
    const onOnline = () => {
      if (!dirtyNow.current || submitted.current || leaving.current || timer.current) return;
      void save();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [save]);

  const changed = () => {
    changeSeq.current += 1;
    setDirty(true);
  };

  // Debounced save after every change (uploads still in flight are saved when they finish).
  const uploadedKey = items
    .filter((i) => i.fileId)
    .map((i) => i.fileId)
    .join(',');
  const first = useRef(true);
  useEffect(() => {
    if (!loaded) return;
    if (first.current) {
      first.current = false;
      return;
    }
    if (submitting || leaving.current) return;
    changed();
    // Mirrored at once, not debounced: a tab closed before the server save still keeps this change.
    if (owner.current) {
      mirrorRevision.current = documentsMirror.record(owner.current, {
        draft: toDraft(type, message, latest.current.items),
        formId: formId.current,
        baseUpdatedAt: serverUpdatedAt.current,
      });
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void save();
    }, LIMITS.draftDebounceMs);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves follow the draft's content only
  }, [loaded, type, message, uploadedKey]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const uploading = isUploading(items);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => (dirty || uploading) && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void requestConfirm({ title: 'Unsaved changes', message: MESSAGES.unsavedChanges, confirmLabel: 'Leave this page', cancelLabel: 'Stay on this page' }).then((proceed) => {
      if (!live) return;
      if (!proceed) {
        blocker.reset();
        return;
      }
      leaving.current = true;
      if (timer.current) clearTimeout(timer.current);
      void save({ savedUnsubmitted: true, keepalive: true });
      if (blocker.location.pathname === '/forms') {
        blocker.reset();
        void navigate('/forms', { state: { draftSaved: true } });
      } else blocker.proceed();
    });
    return () => {
      live = false;
    };
  }, [blocker, navigate, save]);

  const tfd = type?.Item === TAX_FILE_DECLARATION;
  const reimbursement = type?.Item === REIMBURSEMENT_TYPE;
  const busy = uploading;

  const showProblems = (problems: Errors, entries?: SummaryEntry[]) => {
    setErrors(problems);
    setSummary(entries ?? (Object.keys(problems) as FieldName[]).map((f) => ({ message: problems[f] as string, fieldId: FIELD_IDS[f] })));
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
    if (timer.current) clearTimeout(timer.current);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      if (!formId.current) await save();
      if (!formId.current) throw new Error('The draft could not be saved');
      await submitDocuments({ FormId: formId.current, Draft: toDraft(type, message, latest.current.items), IdempotencyKey: idempotencyKey.current });
      submitted.current = true;
      leaving.current = true;
      if (owner.current) void documentsMirror.clear(owner.current);
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
    const proceed = await requestConfirm({ title: 'Discard draft', message: DISCARD_MESSAGE, confirmLabel: 'Yes, discard', cancelLabel: 'No, keep it' });
    if (!proceed) return;
    if (timer.current) clearTimeout(timer.current);
    leaving.current = true;
    try {
      await discardDocumentDraft(formId.current);
    } catch {
      leaving.current = false;
      return;
    }
    submitted.current = true;
    if (owner.current) void documentsMirror.clear(owner.current);
    setItems([]);
    await navigate('/forms', { replace: true });
  };

  if (!loaded) {
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
        {restoredNotice}
      </p>
      <Form submitting={submitting} onSubmit={onSubmit} data-testid="documents-form" aria-label="Send documents">
        <Field label="Document type" id={FIELD_IDS.DocumentType} error={errors.DocumentType} required>
          {(control) => (
            <select
              {...control}
              data-testid="documents-type"
              value={type ? String(type.Id) : ''}
              onChange={(e) => {
                const chosen = types?.find((t) => String(t.Id) === e.currentTarget.value) ?? null;
                setType(chosen);
              }}
            >
              <option value="">Please select</option>
              {(types ?? []).map((t) => (
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
          hint="One file at a time, up to 10MB each: .doc .docx .heic .jpeg .jpg .png .pdf .tif .tiff .txt .xls .xlsx"
          formType="documents"
          formId={formId.current}
          items={items}
          onItemsChange={setItems}
          maxFiles={tfd ? 1 : 20}
          error={errors.Documents}
          disabled={submitting && !waitingForUploads}
          testId="documents-upload"
        />
        <CheckboxField label="I authorise the sending of these documents and confirm they relate to my claim" id={FIELD_IDS.Authorised} error={errors.Authorised}>
          {(control) => (
            <input {...control} type="checkbox" data-testid="documents-authorised" checked={authorised} onChange={(e) => setAuthorised(e.currentTarget.checked)} />
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
          <button type="button" className="button button--secondary" data-testid="documents-discard" onClick={() => void onDiscard()}>
            Discard Draft
          </button>
        </div>
        <p className="visually-hidden" role="status" data-testid="documents-draft-status">
          {dirty ? '' : formId.current ? 'Draft saved' : ''}
        </p>
      </Form>
      <section className={styles.help} aria-label="Help">
        <ContentDocument name="submitdocs" />
      </section>
    </div>
  );
}
