/**
 * /contactus, "Send a message" (spec 001 Contact us): the intro, the call-line note
 * (only while the line is open), Enquiry Type* (ContactCategories, sorted by ElementNumber), the
 * Reimbursement section (a link to /reimbursementform) or the Other reason, the message (1–950
 * characters, a live count), the documents and Submit.
 *
 * Submit is enabled only when the contracts' ContactFormRequest accepts the values (lib/enquiry.ts)
 * and nothing is being sent. Sending runs lib/send-enquiry.ts: the form, then each held file with
 * the form's Identifier as FormId ('Uploading documents n of m'), then the submit; success records
 * an event and goes to /thankyou-contact-us. 'Failed to upload form' / 'Failed to submit form' are
 * alerts (spec 001 §8); a failure resets the files' progress.
 *
 * The server keeps no draft of an enquiry, so what is typed is kept on this device only
 * (useLocalDraft, per account and claim): an idle time-out loses nothing, and the same claimant
 * finds it here again after signing back in. It goes once the enquiry is sent or the claimant
 * chooses to leave it. The documents picked are not kept (they are held in the browser).
 */
import { MESSAGES, LIMITS } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useController, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorSummary, fieldEntries } from '../../../components/error-summary.tsx';
import { Field, Form, submitWhenReady } from '../../../components/form-field.tsx';
import { useErrorSummary } from '../../../components/forms/use-error-summary.ts';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useSubmissionSent } from '../../../lib/api/submission-sent.ts';
import { useDropdownList } from '../../../lib/api/get-dropdown-list.ts';
import { recordPageView } from '../../../lib/api/record-page-view.ts';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { createDraftMirror } from '../../../lib/forms/draft-mirror.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { UploadAborted, uploadFile, type UploadHandle } from '../../../lib/uploads/upload.ts';
import { useLocalDraft } from '../../../lib/forms/use-form-draft.ts';
import { useLeaveQuestion, type BlockedLeave } from '../../../lib/forms/use-leave-question.ts';
import type { SentState } from '../../../lib/content/reference.ts';
import { discardFile } from '../api/discard-file.ts';
import { submitContactForm } from '../api/submit-contact-form.ts';
import { uploadContactForm, type ContactFormBody } from '../api/upload-contact-form.ts';
import { CallLineNote } from '../components/call-line-note.tsx';
import { EnquiryMessageField } from '../components/enquiry-message-field.tsx';
import { EnquiryTypeField, Required } from '../components/enquiry-type-field.tsx';
import { HeldFiles, type HeldItem } from '../components/held-files.tsx';
import { systemClock, type Clock } from '../lib/clock.ts';
import {
  EnquiryDraft,
  canSendEnquiry,
  enquiryBody,
  enquiryDraftOf,
  isOther,
  isReimbursement,
  type EnquiryValues,
} from '../lib/enquiry.ts';
import { enquiryResolver } from '../lib/enquiry-resolver.ts';
import { sendEnquiry, type EnquiryDeps, type EnquiryRun } from '../lib/send-enquiry.ts';
import { uploadingText } from '../lib/texts.ts';
import styles from '../components/messaging.module.css';

const IDS = { type: 'contact-type', reason: 'contact-reason', message: 'contact-message' } as const;

/** The recorded event of a sent enquiry (spec 001 Contact us: "Success … records an event"). */
const ENQUIRY_SENT_EVENT = { path: '/contactus/sent', title: 'Send a message: enquiry sent' } as const;

const enquiryMirror = createDraftMirror(EnquiryDraft);

/** What Submit still needs, said by the shared live hint. */
function stillNeeded(values: EnquiryValues): string[] {
  return [
    ...(values.Category ? [] : ['choose an enquiry type']),
    ...(values.Message?.trim() ? [] : ['write your message']),
    ...(isOther(values.Category) && !values.CustomCategory?.trim() ? ['give the reason for your enquiry'] : []),
  ];
}

/** The summary's entries at a press: the fields in error, in the page's order (decision 039). */
function enquiryEntries(found: FieldErrors<EnquiryValues>) {
  return fieldEntries([
    { fieldId: IDS.type, message: found.Category?.message },
    { fieldId: IDS.reason, message: found.CustomCategory?.message },
    { fieldId: IDS.message, message: found.Message?.message },
  ]);
}

const DEPS: EnquiryDeps = {
  createForm: uploadContactForm,
  uploadFile: (file, formId, onProgress, onStatus) =>
    uploadFile(file, { FormType: 'contact', FormId: formId }, onProgress, onStatus),
  submitForm: submitContactForm,
  discardFile,
  newKey: () => crypto.randomUUID(),
};

/** One held file changed (its upload's state, progress or pause). */
const patchHeld = (key: string, change: Partial<HeldItem>) => (list: HeldItem[]) =>
  list.map((i) => (i.key === key ? { ...i, ...change } : i));

export function ContactUsPage({ clock = systemClock, deps = DEPS }: { clock?: Clock; deps?: EnquiryDeps }) {
  const navigate = useNavigate();
  const submissionSent = useSubmissionSent();
  const categories = useDropdownList('ContactCategories', { silent: true });
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EnquiryValues>({
    resolver: enquiryResolver,
    mode: 'onTouched',
    shouldFocusError: false, // a press with problems focuses the error summary instead
    defaultValues: { Category: null, Message: '', CustomCategory: '' },
  });
  const values = useWatch({ control }) as EnquiryValues;
  const category = useController({ control, name: 'Category' });
  const { summary, show } = useErrorSummary();
  const listProblems = (found: FieldErrors<EnquiryValues>) => show(enquiryEntries(found));
  const [held, setHeld] = useState<HeldItem[]>([]);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  const run = useRef<EnquiryRun | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  const done = useRef(false);

  const other = isOther(values.Category);
  const reimbursement = isReimbursement(values.Category);
  const messageLength = values.Message?.length ?? 0;
  const canSend = canSendEnquiry(values) && !sending;
  const { restoredNotice, forget: forgetDraft } = useLocalDraft({
    form: 'contact',
    mirror: enquiryMirror,
    draft: enquiryDraftOf(values),
    restore: (draft) => reset(draft),
  });

  // Leaving with a message typed (or documents added) asks first; an upload in flight is cancelled.
  const started = messageLength > 0 || held.length > 0 || Boolean(other && values.CustomCategory);
  const leave = useCallback(
    (blocker: BlockedLeave) => {
      // The claimant chose to lose the message: it is not brought back either.
      forgetDraft();
      blocker.proceed();
    },
    [forgetDraft],
  );
  useLeaveQuestion(() => started && !done.current, leave);
  useEffect(() => () => handle.current?.abort(), []);

  const patch = (key: string, change: Partial<HeldItem>) => setHeld(patchHeld(key, change));

  const onSend = async (form: EnquiryValues) => {
    if (sending || !canSendEnquiry(form)) return;
    setSending(true);
    setStatus('Sending your message…');
    const body = enquiryBody(form) as ContactFormBody;
    const outcome = await sendEnquiry(
      { body, files: held.map(({ key, file }) => ({ key, file })), previous: run.current },
      {
        onStep: () => setStatus('Sending your message…'),
        onFileStart: (key, n, m) => {
          setStatus(uploadingText(n, m));
          patch(key, { state: 'uploading', progress: 0 });
        },
        onFileProgress: (key, percent) => patch(key, { progress: percent }),
        onFileStatus: (key, status) => patch(key, { paused: status === 'paused' }),
        onFileDone: (key) => patch(key, { state: 'done', progress: 100 }),
        onUploadHandle: (h) => {
          handle.current = h;
        },
      },
      deps,
    );
    if (outcome.ok) {
      done.current = true;
      run.current = null;
      forgetDraft();
      recordPageView(ENQUIRY_SENT_EVENT.path, ENQUIRY_SENT_EVENT.title);
      submissionSent();
      const sent: SentState = { sentItemId: outcome.sentItemId, sentAt: Date.now() };
      await navigate('/thankyou-contact-us', { replace: true, state: sent });
      return;
    }
    run.current = outcome.run;
    // spec 001 §4: failure resets file progress.
    setHeld((list) => list.map((i) => ({ ...i, state: 'waiting', progress: 0 })));
    setSending(false);
    setStatus('');
    const cause = outcome.error.cause;
    if (cause instanceof UploadAborted) return;
    if (isRequestError(cause) && cause.forcedLogout) return;
    const title = outcome.error.step === 'submit' ? MESSAGES.failedToSubmitForm : MESSAGES.failedToUploadForm;
    showAlert(isRequestError(cause) ? cause.entries : [{ message: MESSAGES.requestNotCompleted }], title);
  };

  const missing = stillNeeded(values);

  return (
    <div className={styles.contact} data-testid="contact-page">
      <p className={styles.intro} data-testid="contact-intro">
        We&apos;re here to help. Send us a message about your claim and we will reply to your{' '}
        <Link to="/inbox">Inbox</Link>, usually within 10 working days.
      </p>
      <CallLineNote clock={clock} />
      <p role="status" className={styles.restored} data-testid="contact-restored">
        {restoredNotice}
      </p>
      <p className={styles.note}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with a star</span> must be filled in.
      </p>

      <ErrorSummary entries={summary.entries} focusKey={summary.focusKey} data-testid="contact-errors" />
      <Form
        submitting={sending}
        onSubmit={submitWhenReady(
          { submitting: sending, ready: canSend },
          (e) => handleSubmit(onSend, listProblems)(e),
          // A press while waiting shows each field's problem (react-hook-form's check) and lists them.
          () => handleSubmit(onSend, listProblems)(),
        )}
        legend="Send a message"
        data-testid="contact-form"
      >
        <EnquiryTypeField
          id={IDS.type}
          field={category.field}
          value={values.Category}
          error={errors.Category?.message}
          categories={categories}
          reimbursement={reimbursement}
        />

        {other ? (
          <Field
            label={
              <>
                Reason for your enquiry
                <Required />
              </>
            }
            id={IDS.reason}
            error={errors.CustomCategory?.message}
            hint={`In a few words, up to ${LIMITS.customCategoryMax} characters.`}
            required
          >
            {(control) => (
              <input
                {...control}
                {...register('CustomCategory')}
                type="text"
                maxLength={LIMITS.customCategoryMax}
                autoComplete="off"
                className={styles.reasonInput}
                data-testid="contact-reason"
              />
            )}
          </Field>
        ) : null}

        <EnquiryMessageField
          id={IDS.message}
          registration={register('Message')}
          error={errors.Message?.message}
          length={messageLength}
        />

        <HeldFiles
          items={held}
          onChange={setHeld}
          disabled={!values.Category}
          disabledReason="Choose an enquiry type first, then you can add documents."
          busy={sending}
        />

        <p className={styles.sendStatus} role="status" aria-live="polite" data-testid="contact-status">
          {sending ? <Spinner testId="contact-sending-icon" /> : null}
          {status}
        </p>
        <button
          type="submit"
          className={`button ${styles.submit}`}
          aria-disabled={!canSend || undefined}
          aria-describedby="contact-submit-hint"
          data-testid="contact-submit"
        >
          Submit
        </button>
        <ButtonHint
          id="contact-submit-hint"
          className={styles.submitHint}
          needed={canSend ? [] : missing.length > 0 ? missing : ['check your message against the notes above']}
          lead="To send it,"
          busy={sending && 'Sending your message, please wait.'}
        />
      </Form>
    </div>
  );
}
