/**
 * /reimbursementform (spec 001 "Reimbursement form", "Document and reimbursement drafts"): an
 * edit step — who to pay, one or more receipts, the documents — and a review step with the
 * agreement and Submit, both over one form (hooks/use-reimbursement-form.ts). Focus moves to the
 * step's heading on each change, and the step is announced.
 */
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Form } from '../../../components/form-field.tsx';
import { EditStep } from '../components/edit-step.tsx';
import { ReviewStep } from '../components/review-step.tsx';
import styles from '../components/reimbursement.module.css';
import { STEP_NUMBERS, STEP_TITLES } from '../hooks/use-claim-step.ts';
import { useReimbursementForm } from '../hooks/use-reimbursement-form.ts';

export { DISCARD_MESSAGE, RESTORED_MESSAGE } from '../../../lib/forms/use-form-draft.ts';
export function ReimbursementPage() {
  const form = useReimbursementForm();
  const { draft, step } = form;

  if (!draft.loaded) {
    return (
      <p role="status" data-testid="reimbursement-loading">
        Loading your form…
      </p>
    );
  }

  return (
    <div className={styles.page} data-testid="reimbursement-page" data-step={step}>
      <ErrorSummary entries={form.summary} focusKey={form.focusKey} data-testid="reimbursement-errors" />
      <p role="status" className={styles.status} data-testid="reimbursement-restored">
        {draft.restoredNotice}
      </p>
      <h2 ref={form.headingRef} tabIndex={-1} className={styles.stepHeading} data-testid="reimbursement-step-heading">
        <span className={styles.stepNumber}>Step {STEP_NUMBERS[step]} of 2</span>
        <span className="visually-hidden">: </span>
        {STEP_TITLES[step]}
      </h2>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="reimbursement-step-status">
        {form.stepAnnouncement}
      </p>
      <Form
        submitting={form.submitting}
        onSubmit={form.onSubmit}
        legend="Claim reimbursement"
        data-testid="reimbursement-form"
      >
        <EditStep form={form} />
        <ReviewStep form={form} />
        <p className="visually-hidden" role="status" data-testid="reimbursement-draft-status">
          {draft.savedStatus}
        </p>
      </Form>
    </div>
  );
}
