/**
 * The reimbursement form (spec 001 "Reimbursement form", "Document and reimbursement drafts"):
 * react-hook-form holds who to pay, their details, the receipts (a field array) and the
 * agreement, and the errors under them. "Next" checks the edit step and Submit the whole claim
 * with the contracts' claim schema (validateClaim: the schema the server checks again); the
 * problems show under their fields and in the summary in the same press (react-hook-form's
 * handleSubmit and trigger answer a tick later, after focus and announcements have moved on). A
 * problem is cleared when its field changes (a file added clears the documents'), its summary
 * entry with it (decision 039), and is checked again on the next press.
 *
 * The draft (ReimbursementDraft: the step, who to pay, each receipt as its description text, the
 * agreement, the uploaded files) is saved LIMITS.draftDebounceMs after every change, mirrored at
 * once on this device and restored on open (lib/forms/use-form-draft.ts, shared with the documents
 * form). Discard asks, cancels uploads, deletes the draft and goes to /claim. Submit needs a valid
 * claim, a document, the agreement, no submit in flight; waits for uploads; one IdempotencyKey each try.
 */
import { MESSAGES, PayOther, ReimbursementDraft } from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { SummaryEntry } from '../../../components/error-summary.tsx';
import { isUploading, uploadedItem, type UploadItem } from '../../../components/file-upload.tsx';
import { useSubmissionSent } from '../../../lib/api/submission-sent.ts';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { useAccount } from '../../../lib/api/get-account.ts';
import { createDraftMirror } from '../../../lib/forms/draft-mirror.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { useFormDraft } from '../../../lib/forms/use-form-draft.ts';
import type { SentState } from '../../../lib/content/reference.ts';
import { discardReimbursementDraft, getReimbursementDraft, saveReimbursementDraft } from '../api/draft.ts';
import { useReceiptTypes } from '../api/receipt-types.ts';
import { submitReimbursement } from '../api/submit-reimbursement.ts';
import { respondsToField, useRespondsTo } from '../../../lib/forms/responds-to.ts';
import { buildSubmission, fromDraft, newClaim, problemKeyOfServerField, toDraft, validateClaim } from '../lib/claim.ts';
import type { ClaimValues, OwnBank, Problems } from '../lib/claim.ts';
import {
  fieldIdOf,
  isReviewProblem,
  problemFields,
  problemsOf,
  summaryEntries,
  type ClaimFields,
} from '../lib/claim-problems.ts';
import { BSB_FORMAT, formatBsb, useBsbLookup } from '../../../lib/api/verify-bsb.ts';
import { useClaimEdits } from './use-claim-edits.ts';
import { useClaimStep } from './use-claim-step.ts';

/** This device's copy of the reimbursement draft (generic over the draft's schema). */
const reimbursementMirror = createDraftMirror(ReimbursementDraft);
const reimbursementDraftApi = {
  get: getReimbursementDraft,
  save: saveReimbursementDraft,
  discard: discardReimbursementDraft,
};

type Scope = 'edit' | 'submit';

export function useReimbursementForm() {
  const respondsTo = useRespondsTo();
  const submissionSent = useSubmissionSent();
  const navigate = useNavigate();
  const accountQuery = useAccount();
  const account = accountQuery.data ?? (accountQuery.isError ? null : undefined);
  const ownBank: OwnBank = !account
    ? 'unknown'
    : account.BankAccountDetails
      ? 'present'
      : account.IsStateTrustee
        ? 'trustee-none'
        : 'none';
  const kinds = useReceiptTypes().data ?? [];
  const { step, restoreStep, changeStep, announcement, headingRef } = useClaimStep();
  const { bsbLookup, lookUp } = useBsbLookup();
  const [items, setItems] = useState<UploadItem[]>([]);
  const documents = items.filter((i) => i.fileId).map((i) => ({ Filename: i.filename, FileID: i.fileId as string }));
  /** The rest of the claim and the look-ups as they are now (read after a wait). */
  const latest = useRef({ step, documents, ownBank, bsbLookup });
  latest.current = { step, documents, ownBank, bsbLookup };

  const [defaults] = useState((): ClaimFields => {
    const { payOther, payee, receipts, agreed } = newClaim();
    return { payOther, payee, receipts, agreed };
  });
  const form = useForm<ClaimFields>({
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, getValues, clearErrors, setError, reset } = form;
  const fields = useWatch({ control }) as ClaimFields;
  const values: ClaimValues = { step, ...fields, documents };
  const problems = problemsOf(form.formState.errors, fields.receipts);
  const { edit, receiptAnnouncement } = useClaimEdits(form);
  const uploading = isUploading(items);

  useEffect(() => {
    if (documents.length > 0) clearErrors('documents' as FieldPath<ClaimFields>);
  }, [documents.length, clearErrors]);
  const [summary, setSummary] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [waitingFor, setWaitingFor] = useState<'next' | 'submit' | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const inFlight = useRef(false);
  const idempotencyKey = useRef<string | null>(null);

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
      const reviewable =
        v.step === 'review' &&
        Object.keys(validateClaim(v, { ownBank: 'unknown', bsbLookup: null }, 'edit')).length === 0;
      restoreStep(reviewable ? 'review' : 'edit');
      reset({ payOther: v.payOther, payee: v.payee, receipts: v.receipts, agreed: v.agreed });
      setItems(v.documents.map((d) => uploadedItem(d.Filename, d.FileID)));
      const bsb = formatBsb(v.payee.BankBSB.trim());
      if (v.payOther === PayOther.SomeoneElse && BSB_FORMAT.test(bsb)) void lookUp(bsb);
    },
    uploading,
  });

  /** The problems under their fields (react-hook-form's errors) and in the summary. */
  const showProblems = (found: Problems, entries: SummaryEntry[]) => {
    clearErrors();
    for (const [path, message] of problemFields(found, getValues('receipts')))
      setError(path as FieldPath<ClaimFields>, { type: 'claim', message });
    setSummary(entries);
    setFocusKey((k) => k + 1);
  };

  /** Checks the claim (the edit step's part, or all of it); true when it passes. */
  const validate = (scope: Scope, bsbLookup = latest.current.bsbLookup): boolean => {
    const { step: now, documents: files, ownBank: bank } = latest.current;
    const found = validateClaim({ step: now, ...getValues(), documents: files }, { ownBank: bank, bsbLookup }, scope);
    if (Object.keys(found).length === 0) {
      clearErrors();
      setSummary([]);
      return true;
    }
    // Anything the edit step asks is fixed there (the agreement waits here for the way back).
    const onEdit = scope === 'submit' && Object.keys(found).some((k) => !isReviewProblem(k));
    if (onEdit) changeStep('edit', { focus: false });
    showProblems(
      found,
      summaryEntries(found, getValues('receipts'), (k) => !onEdit || !isReviewProblem(k)),
    );
    return false;
  };

  const runNext = async () => {
    let lookup = latest.current.bsbLookup;
    if (getValues('payOther') === PayOther.SomeoneElse) {
      // Next pressed straight after typing the BSB: look it up first.
      const bsb = formatBsb(getValues('payee.BankBSB').trim());
      if (BSB_FORMAT.test(bsb) && !(lookup && lookup.bsb === bsb && lookup.state !== 'checking'))
        lookup = await lookUp(bsb);
    }
    if (validate('edit', lookup)) changeStep('review');
  };

  /** A server's answer about fields: under them (on the edit step when any is there) and in the summary. */
  const showServerProblems = (items: ReadonlyArray<{ Field?: string | undefined; Message: string }>) => {
    const receipts = getValues('receipts');
    const keys = items.map((item) => (item.Field ? problemKeyOfServerField(item.Field, receipts) : undefined));
    const mapped: Problems = {};
    keys.forEach((key, i) => {
      if (key && !(key in mapped)) mapped[key] = items[i]?.Message ?? '';
    });
    const onEdit = Object.keys(mapped).some((k) => !isReviewProblem(k));
    if (onEdit) changeStep('edit', { focus: false });
    showProblems(
      mapped,
      items.map((item, i) => ({
        message: item.Message,
        fieldId: keys[i] && (!onEdit || !isReviewProblem(keys[i])) ? fieldIdOf(keys[i]) : undefined,
      })),
    );
  };

  const runSubmit = async () => {
    idempotencyKey.current ??= crypto.randomUUID();
    draft.cancelSave();
    try {
      const id = await draft.savedFormId();
      const { SentItemId } = await submitReimbursement({
        ...buildSubmission({ step, ...getValues(), documents: latest.current.documents }, id, idempotencyKey.current),
        ...respondsToField(respondsTo),
      });
      draft.markSubmitted();
      submissionSent();
      const sent: SentState = { sentItemId: SentItemId, sentAt: Date.now() };
      await navigate('/thankyou-reimbursement', {
        replace: true,
        state: { canEditBankDetails: account?.BankDetailsCanEdit === true, ...sent },
      });
    } catch (error) {
      if (!isRequestError(error)) return showAlert([{ message: MESSAGES.requestNotCompleted }]);
      if (error.forcedLogout) return;
      if (error.kind === 'server') idempotencyKey.current = null;
      if (error.kind === 'server' && error.items.some((i) => i.Field)) showServerProblems(error.items);
      else showAlert(error.entries);
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

  const canSubmit =
    Object.keys(validateClaim(values, { ownBank, bsbLookup }, 'submit')).length === 0 && !uploading && !submitting;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (waitingFor || inFlight.current) return;
    if (step === 'edit') {
      if (uploading) setWaitingFor('next');
      else void runNext();
      return;
    }
    if (!validate('submit')) return;
    if (uploading) {
      inFlight.current = true;
      setSubmitting(true);
      setWaitingFor('submit');
      return;
    }
    startSubmit();
  };

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

  return {
    draft,
    step,
    changeStep,
    headingRef,
    stepAnnouncement: announcement,
    values,
    problems,
    summary,
    focusKey,
    account,
    kinds,
    bsbLookup,
    lookUp,
    items,
    setItems,
    edit,
    receiptAnnouncement,
    submitting,
    waitingFor,
    discarding,
    canSubmit,
    onSubmit,
    onDiscard,
  };
}

export type ReimbursementForm = ReturnType<typeof useReimbursementForm>;
