/**
 * /reimbursementform (spec 001 "Reimbursement form", "Document and reimbursement drafts"; issue
 * #6): an edit step — who to pay, one or more receipts, the documents — and a review step with
 * the agreement and Submit. "Next" checks the edit step and shows the review; "Edit form" goes
 * back with nothing lost (the edit step stays mounted, only hidden, so even a half-typed address
 * search survives). Focus moves to the step's heading on each change, and the step is announced.
 *
 * The draft (ReimbursementDraft: the step, who to pay, each receipt as its description text, the
 * agreement, the uploaded files) is saved LIMITS.draftDebounceMs after every change, mirrored at
 * once on this device (lib/draft-mirror.ts) and restored on open (all of it lib/use-form-draft.ts,
 * shared with the documents form). Leaving with unsaved changes
 * asks first (50 ms rule) and marks the draft saved-unsubmitted. Discard asks, cancels uploads,
 * deletes the draft and goes to /claim. Submit needs a valid claim, a document, the agreement and
 * no submit in flight; it waits for uploads and sends one IdempotencyKey per attempt.
 */
import { MESSAGES, PayOther, ReimbursementDraft, formatCents, type PayOtherValue, type ReceiptKind } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { ErrorSummary, type SummaryEntry } from '../../../components/error-summary.tsx';
import { FileUpload, isUploading, uploadedItem, type UploadItem } from '../../../components/file-upload.tsx';
import { CheckboxField, FieldGroup, Form } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { showAlert } from '../../../lib/alerts.ts';
import { useAccount } from '../../../lib/api/get-account.ts';
import { requestConfirm } from '../../../lib/confirm.ts';
import { createDraftMirror } from '../../../lib/draft-mirror.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { discardReimbursementDraft, getReimbursementDraft, saveReimbursementDraft } from '../api/draft.ts';
import { useReceiptTypes } from '../api/receipt-types.ts';
import { submitReimbursement } from '../api/submit-reimbursement.ts';
import { lookupBankName } from '../../../lib/api/verify-bsb.ts';
import { ClaimReview } from '../components/claim-review.tsx';
import { OwnBankDetails } from '../components/own-bank-details.tsx';
import { PayeeFields } from '../components/payee-fields.tsx';
import { ReceiptFieldset } from '../components/receipt-fieldset.tsx';
import styles from '../components/reimbursement.module.css';
import {
  EMPTY_PAYEE,
  FIELD_IDS,
  buildSubmission,
  emptyReceipt,
  fieldIdOf,
  formatBsb,
  fromDraft,
  isReceiptEmpty,
  isReviewProblem,
  parsedReceipts,
  problemKeyOfServerField,
  receiptFieldId,
  toDraft,
  totalCents,
  validateClaim,
  type BsbLookup,
  type ClaimValues,
  type OwnBank,
  type PayeeField,
  type PayeeValues,
  type Problems,
  type ReceiptEntry,
  type ReceiptField,
  type Step,
} from '../lib/claim.ts';

export { DISCARD_MESSAGE, RESTORED_MESSAGE } from '../../../lib/use-form-draft.ts';
export const STEP_TITLES: Record<Step, string> = { edit: 'Your claim', review: 'Check your claim' };
export const STEP_NUMBERS: Record<Step, number> = { edit: 1, review: 2 };
const stepName = (step: Step) => `Step ${STEP_NUMBERS[step]} of 2: ${STEP_TITLES[step]}`;

const PAY_CHOICES: ReadonlyArray<{ value: PayOtherValue; label: string; id: string; testId: string }> = [
  { value: PayOther.Me, label: 'Me', id: FIELD_IDS.PayOther, testId: 'reimbursement-pay-me' },
  { value: PayOther.SomeoneElse, label: 'Someone else', id: 'reimbursement-pay-someone-else', testId: 'reimbursement-pay-someone-else' },
  { value: PayOther.Provider, label: 'My provider', id: 'reimbursement-pay-provider', testId: 'reimbursement-pay-provider' },
];

const BSB_FORMAT = /^[0-9]{3}-[0-9]{3}$/;

/** This device's copy of the reimbursement draft (issue #5's mirror: generic over the draft's schema). */
const reimbursementMirror = createDraftMirror(ReimbursementDraft);
const reimbursementDraftApi = { get: getReimbursementDraft, save: saveReimbursementDraft, discard: discardReimbursementDraft };

/** The problems map without the keys that start with `prefix`. */
function without(problems: Problems, prefix: string): Problems {
  const next: Problems = {};
  for (const [k, v] of Object.entries(problems)) if (k !== prefix && !k.startsWith(`${prefix}.`)) next[k] = v;
  return next;
}

export function ReimbursementPage() {
  const navigate = useNavigate();
  const accountQuery = useAccount();
  const account = accountQuery.data ?? (accountQuery.isError ? null : undefined);
  const ownBank: OwnBank = account ? (account.BankAccountDetails ? 'present' : 'none') : 'unknown';
  const receiptTypes = useReceiptTypes();
  const kinds = receiptTypes.data ?? [];

  const [step, setStep] = useState<Step>('edit');
  const [payOther, setPayOther] = useState<PayOtherValue | null>(null);
  const [payee, setPayee] = useState<PayeeValues>(EMPTY_PAYEE);
  const [receipts, setReceipts] = useState<ReceiptEntry[]>(() => [emptyReceipt()]);
  const [agreed, setAgreed] = useState(false);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [bsbLookup, setBsbLookup] = useState<BsbLookup | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [waitingFor, setWaitingFor] = useState<'next' | 'submit' | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [stepAnnouncement, setStepAnnouncement] = useState('');
  const [receiptAnnouncement, setReceiptAnnouncement] = useState('');

  const documents = items.filter((i) => i.fileId).map((i) => ({ Filename: i.filename, FileID: i.fileId as string }));
  const values: ClaimValues = { step, payOther, payee, receipts, agreed, documents };
  const uploading = isUploading(items);
  const latest = useRef({ values, ownBank, bsbLookup, account });
  latest.current = { values, ownBank, bsbLookup, account };

  const inFlight = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const focusAfterRender = useRef<string | null>(null);
  const bsbController = useRef<AbortController | null>(null);

  // ------------------------------------------------------------------------------------------
  // The BSB look-up (spec 000 §4: on blur; §8: a failure or an empty name marks it invalid)

  const lookUp = useCallback(async (value: string): Promise<BsbLookup | null> => {
    bsbController.current?.abort();
    if (!BSB_FORMAT.test(value)) {
      setBsbLookup(null);
      return null;
    }
    const controller = new AbortController();
    bsbController.current = controller;
    setBsbLookup({ bsb: value, state: 'checking' });
    try {
      const bankName = await lookupBankName(value, controller.signal);
      const answer: BsbLookup = bankName ? { bsb: value, state: 'found', bankName } : { bsb: value, state: 'invalid' };
      setBsbLookup(answer);
      return answer;
    } catch {
      return null; // replaced by a newer look-up
    }
  }, []);

  useEffect(() => () => bsbController.current?.abort(), []);

  // ------------------------------------------------------------------------------------------
  // The draft: opened, mirrored, saved and guarded by the shared hook; only the conversions are here.

  const draft = useFormDraft({
    form: 'reimbursement',
    mirror: reimbursementMirror,
    api: reimbursementDraftApi,
    draft: toDraft(values),
    restore: (opened) => {
      if (!opened) return;
      const v = fromDraft(opened);
      // The review step comes back only for a claim that still passes the edit step's checks.
      const reviewable = v.step === 'review' && Object.keys(validateClaim(v, { ownBank: 'unknown', bsbLookup: null }, 'edit')).length === 0;
      setStep(reviewable ? 'review' : 'edit');
      setPayOther(v.payOther);
      setPayee(v.payee);
      setReceipts(v.receipts);
      setAgreed(v.agreed);
      setItems(v.documents.map((d) => uploadedItem(d.Filename, d.FileID)));
      const bsb = formatBsb(v.payee.BankBSB.trim());
      if (v.payOther === PayOther.SomeoneElse && BSB_FORMAT.test(bsb)) void lookUp(bsb);
    },
    uploading,
  });
  const { formId } = draft;

  useEffect(
    () => () => {
      if (announceTimer.current) clearTimeout(announceTimer.current);
    },
    [],
  );

  // ------------------------------------------------------------------------------------------
  // Steps

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = null;
    document.getElementById(id)?.focus();
  }, [receipts]);

  const changeStep = (next: Step, options: { focus?: boolean } = {}) => {
    focusHeading.current = options.focus ?? true;
    setStep(next);
    setStepAnnouncement('');
    if (announceTimer.current) clearTimeout(announceTimer.current);
    // A fresh text after a short pause is announced reliably by screen readers.
    announceTimer.current = setTimeout(() => setStepAnnouncement(stepName(next)), 100);
  };

  /** The summary entries of problems; `include` leaves out those whose field is on the hidden step. */
  const entriesOf = (found: Problems, include: (key: string) => boolean = () => true): SummaryEntry[] => {
    const receiptNumber = new Map(latest.current.values.receipts.map((r, i) => [r.key, i + 1]));
    return Object.entries(found)
      .filter(([key]) => include(key))
      .map(([key, message]) => {
        const [area, receiptKey] = key.split('.');
        // Said with the summary entry: which receipt, or that it is about the person to pay.
        const prefix = area === 'Receipt' && receiptKey ? `Receipt ${receiptNumber.get(receiptKey) ?? ''}: ` : area === 'Payee' ? 'Person to pay: ' : '';
        return { message: `${prefix}${message}`, fieldId: fieldIdOf(key) };
      });
  };

  const showProblems = (found: Problems, entries: SummaryEntry[] = entriesOf(found)) => {
    setProblems(found);
    setSummary(entries);
    setFocusKey((k) => k + 1);
  };

  const clearProblem = (key: string) => {
    setProblems((current) => (key in current ? without(current, key) : current));
  };

  const runNext = async () => {
    const { values: v, ownBank: bank } = latest.current;
    let lookup = latest.current.bsbLookup;
    if (v.payOther === PayOther.SomeoneElse) {
      // Next pressed straight after typing the BSB: look it up first.
      const bsb = formatBsb(v.payee.BankBSB.trim());
      if (BSB_FORMAT.test(bsb) && !(lookup && lookup.bsb === bsb && lookup.state !== 'checking')) lookup = await lookUp(bsb);
    }
    const found = validateClaim(latest.current.values, { ownBank: bank, bsbLookup: lookup }, 'edit');
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setSummary([]);
    setProblems({});
    changeStep('review');
  };

  const runSubmit = async () => {
    const { values: v, account: acc } = latest.current;
    idempotencyKey.current ??= crypto.randomUUID();
    draft.cancelSave();
    try {
      const id = await draft.savedFormId();
      await submitReimbursement(buildSubmission(v, id, idempotencyKey.current));
      draft.markSubmitted();
      await navigate('/thankyou-reimbursement', { replace: true, state: { canEditBankDetails: acc?.BankDetailsCanEdit === true } });
    } catch (error) {
      if (isRequestError(error)) {
        if (error.forcedLogout) return;
        if (error.kind === 'server') idempotencyKey.current = null;
        if (error.kind === 'server' && error.items.some((i) => i.Field)) {
          const mapped: Problems = {};
          const keys = error.items.map((item) => (item.Field ? problemKeyOfServerField(item.Field, v.receipts) : undefined));
          keys.forEach((key, i) => {
            if (key && !(key in mapped)) mapped[key] = error.items[i]?.Message ?? '';
          });
          const onEdit = Object.keys(mapped).some((k) => !isReviewProblem(k));
          if (onEdit) changeStep('edit', { focus: false });
          showProblems(
            mapped,
            error.items.map((item, i) => {
              const key = keys[i];
              const linkable = key && (!onEdit || !isReviewProblem(key));
              return { message: item.Message, fieldId: linkable ? fieldIdOf(key) : undefined };
            }),
          );
          return;
        }
        showAlert(error.entries);
      } else showAlert([{ message: MESSAGES.requestNotCompleted }]);
    }
  };

  const startSubmit = () => {
    inFlight.current = true;
    setSubmitting(true);
    void runSubmit().finally(() => {
      inFlight.current = false;
      setSubmitting(false);
    });
  };

  // Next and Submit wait for uploads still in flight.
  useEffect(() => {
    if (!waitingFor || uploading) return;
    setWaitingFor(null);
    if (waitingFor === 'next') void runNext();
    else startSubmit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the last upload ends
  }, [waitingFor, uploading]);

  const submitProblems = validateClaim(values, { ownBank, bsbLookup }, 'submit');
  const canSubmit = Object.keys(submitProblems).length === 0 && !uploading && !submitting;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (waitingFor || inFlight.current) return;
    if (step === 'edit') {
      if (uploading) setWaitingFor('next');
      else void runNext();
      return;
    }
    const found = validateClaim(values, { ownBank, bsbLookup }, 'submit');
    if (Object.keys(found).length > 0) {
      // Anything the edit step asks is fixed there (the agreement waits here for the way back).
      const onEdit = Object.keys(found).some((k) => !isReviewProblem(k));
      if (onEdit) changeStep('edit', { focus: false });
      showProblems(found, entriesOf(found, (k) => !onEdit || !isReviewProblem(k)));
      return;
    }
    setSummary([]);
    if (uploading) {
      inFlight.current = true;
      setSubmitting(true);
      setWaitingFor('submit');
      return;
    }
    startSubmit();
  };

  // ------------------------------------------------------------------------------------------
  // Discard (spec 001 §4): asks, cancels uploads, deletes the draft, goes to /claim.

  const onDiscard = async () => {
    const discarded = await draft.discard({
      // Unmounting the upload list cancels what is still in flight before the draft goes.
      onStart: () => flushSync(() => setDiscarding(true)),
      onFailure: () => setDiscarding(false),
    });
    if (!discarded) return;
    setItems([]);
    await navigate('/claim', { replace: true });
  };

  // ------------------------------------------------------------------------------------------
  // Editing

  const choosePayOther = (value: PayOtherValue) => {
    setPayOther(value);
    clearProblem('PayOther');
  };

  const changePayee = (field: PayeeField, value: string) => {
    setPayee((current) => ({ ...current, [field]: value }));
    clearProblem(`Payee.${field}`);
  };

  const changeReceipt = (key: string, field: ReceiptField, value: string) => {
    setReceipts((list) => list.map((r) => (r.key === key ? { ...r, values: { ...r.values, [field]: value } } : r)));
    clearProblem(`Receipt.${key}.${field}`);
  };

  const changeKind = (key: string, kind: ReceiptKind | '') => {
    setReceipts((list) => list.map((r) => (r.key === key ? { ...r, kind } : r)));
    setProblems((current) => without(current, `Receipt.${key}`));
  };

  const addReceipt = () => {
    const receipt = emptyReceipt();
    focusAfterRender.current = receiptFieldId(receipt.key, 'Kind');
    setReceipts((list) => [...list, receipt]);
    clearProblem('Receipts');
    setReceiptAnnouncement(`Receipt ${receipts.length + 1} added`);
  };

  const removeReceipt = async (receipt: ReceiptEntry, number: number) => {
    if (!isReceiptEmpty(receipt)) {
      const proceed = await requestConfirm({
        title: 'Remove receipt',
        message: `Remove receipt ${number}? What you entered for it will be lost.`,
        confirmLabel: 'Yes, remove it',
        cancelLabel: 'No, keep it',
      });
      if (!proceed) return;
    }
    focusAfterRender.current = FIELD_IDS.Receipts;
    setReceipts((list) => list.filter((r) => r.key !== receipt.key));
    setProblems((current) => without(current, `Receipt.${receipt.key}`));
    setReceiptAnnouncement(`Receipt ${number} removed`);
  };

  if (!draft.loaded) {
    return (
      <p role="status" data-testid="reimbursement-loading">
        Loading your form…
      </p>
    );
  }

  const reviewReceipts = step === 'review' ? parsedReceipts(receipts) : null;
  const total = formatCents(totalCents(receipts));

  const discardButton = (testId: string) => (
    <button type="button" className="button button--secondary" data-testid={testId} onClick={() => void onDiscard()}>
      Discard Draft
    </button>
  );

  return (
    <div className={styles.page} data-testid="reimbursement-page" data-step={step}>
      <ErrorSummary entries={summary} focusKey={focusKey} data-testid="reimbursement-errors" />
      <p role="status" className={styles.status} data-testid="reimbursement-restored">
        {draft.restoredNotice}
      </p>
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading} data-testid="reimbursement-step-heading">
        <span className={styles.stepNumber}>Step {STEP_NUMBERS[step]} of 2</span>
        <span className="visually-hidden">: </span>
        {STEP_TITLES[step]}
      </h2>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="reimbursement-step-status">
        {stepAnnouncement}
      </p>
      <Form submitting={submitting} onSubmit={onSubmit} aria-labelledby="page-title" data-testid="reimbursement-form">
        <div hidden={step !== 'edit'} data-testid="reimbursement-edit">
          <section className={styles.section} aria-label="Who should we pay">
            <FieldGroup legend="Who should we pay?" idPrefix="reimbursement-pay" error={problems.PayOther} required data-testid="reimbursement-pay-who">
              {(group) => (
                <div className={styles.choices}>
                  {PAY_CHOICES.map((choice) => (
                    <div key={choice.value} className={styles.choice}>
                      <input
                        type="radio"
                        id={choice.id}
                        name="reimbursement-pay-other"
                        value={String(choice.value)}
                        checked={payOther === choice.value}
                        onChange={() => choosePayOther(choice.value)}
                        aria-describedby={group['aria-describedby']}
                        data-testid={choice.testId}
                      />
                      <label htmlFor={choice.id}>{choice.label}</label>
                    </div>
                  ))}
                </div>
              )}
            </FieldGroup>
            <div className={styles.branch} data-testid="reimbursement-pay-branch">
              {payOther === PayOther.Me ? <OwnBankDetails account={account} /> : null}
              {payOther === PayOther.SomeoneElse ? (
                <PayeeFields payee={payee} problems={problems} onChange={changePayee} onBsbLeft={(bsb) => void lookUp(bsb)} lookup={bsbLookup} />
              ) : null}
              {payOther === PayOther.Provider ? (
                <div className="callout" data-testid="reimbursement-provider-note">
                  <Icon name="info" />
                  <div>
                    <p>{MESSAGES.providerCanBill}</p>
                    <p>{MESSAGES.providerInvoicesNotPaid}</p>
                  </div>
                </div>
              ) : null}
            </div>
          </section>

          <section className={styles.section} aria-labelledby="reimbursement-receipts-title">
            <h3 id="reimbursement-receipts-title" className={styles.sectionTitle}>
              Receipts
            </h3>
            <p>Add each receipt you are claiming for. You can add more than one.</p>
            {receipts.map((receipt, index) => (
              <ReceiptFieldset
                key={receipt.key}
                receipt={receipt}
                number={index + 1}
                kinds={kinds}
                problems={problems}
                onKind={(kind) => changeKind(receipt.key, kind)}
                onChange={(field, value) => changeReceipt(receipt.key, field, value)}
                onRemove={() => void removeReceipt(receipt, index + 1)}
              />
            ))}
            {problems.Receipts ? (
              <p className="callout callout--error" id={`${FIELD_IDS.Receipts}-error`} data-testid="reimbursement-receipts-error">
                <Icon name="warning" />
                <span>{problems.Receipts}</span>
              </p>
            ) : null}
            <p className={styles.total} data-testid="reimbursement-total">
              <span>Total so far</span>
              <span>{total}</span>
            </p>
            <button
              type="button"
              id={FIELD_IDS.Receipts}
              className="button button--secondary"
              aria-describedby={problems.Receipts ? `${FIELD_IDS.Receipts}-error` : undefined}
              onClick={addReceipt}
              data-testid="reimbursement-add-receipt"
            >
              {receipts.length === 0 ? 'Add a receipt' : 'Add another receipt'}
            </button>
            <p className="visually-hidden" role="status" data-testid="reimbursement-receipt-status">
              {receiptAnnouncement}
            </p>
          </section>

          <section className={`${styles.section} ${styles.uploadArea}`} aria-label="Documents">
            {discarding ? null : (
              <FileUpload
                id={FIELD_IDS.Documents}
                label="Copies of your receipts"
                hint="Attach a copy of each receipt. One file at a time, up to 10MB each: .doc .docx .heic .jpeg .jpg .png .pdf .tif .tiff .txt .xls .xlsx"
                formType="reimbursement"
                formId={formId.current}
                items={items}
                onItemsChange={setItems}
                error={problems.Documents}
                disabled={submitting}
                testId="reimbursement-upload"
              />
            )}
          </section>

          {waitingFor === 'next' ? (
            <p role="status" data-testid="reimbursement-waiting">
              Waiting for your documents to finish uploading…
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className="button" data-testid="reimbursement-next">
              Next
            </button>
            {discardButton('reimbursement-discard')}
          </div>
        </div>

        <div hidden={step !== 'review'} data-testid="reimbursement-review">
          {reviewReceipts ? <ClaimReview values={values} parsed={reviewReceipts} account={account} bsbLookup={bsbLookup} /> : null}
          <CheckboxField
            label="I declare that the information I have given is true and correct, and that I have not been paid for these costs by anyone else."
            id={FIELD_IDS.Agreed}
            error={problems.Agreed}
          >
            {(control) => (
              <input
                {...control}
                type="checkbox"
                checked={agreed}
                onChange={(event) => {
                  setAgreed(event.currentTarget.checked);
                  clearProblem('Agreed');
                }}
                data-testid="reimbursement-agreed"
              />
            )}
          </CheckboxField>
          {/* Next to Submit, not under the other buttons: why it cannot be used yet. */}
          {!canSubmit && !submitting ? (
            <p id="reimbursement-submit-hint" className={styles.smallPrint} data-testid="reimbursement-submit-hint">
              {agreed ? 'Your claim is not ready to send yet: press Submit to see what needs fixing.' : 'Tick the declaration above to send your claim.'}
            </p>
          ) : null}
          {waitingFor === 'submit' ? (
            <p role="status" data-testid="reimbursement-waiting-submit">
              Waiting for your documents to finish uploading…
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="submit"
              className="button"
              aria-disabled={canSubmit ? undefined : true}
              aria-describedby={!canSubmit && !submitting ? 'reimbursement-submit-hint' : undefined}
              data-testid="reimbursement-submit"
            >
              {submitting ? 'Sending…' : 'Submit'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => changeStep('edit')} data-testid="reimbursement-edit-form">
              Edit form
            </button>
            {discardButton('reimbursement-discard-review')}
          </div>
        </div>
        <p className="visually-hidden" role="status" data-testid="reimbursement-draft-status">
          {draft.savedStatus}
        </p>
      </Form>
    </div>
  );
}
