/**
 * The review step (spec 001 Reimbursement form): the claim as it will be sent, the declaration,
 * Submit (usable once the claim is ready; pressed before, it says what needs fixing), "Edit form"
 * and Discard Draft.
 */
import { CheckboxField } from '../../../components/form-field.tsx';
import type { ReimbursementForm } from '../hooks/use-reimbursement-form.ts';
import { parsedReceipts } from '../lib/claim.ts';
import { FIELD_IDS } from '../lib/claim-problems.ts';
import { ClaimReview } from './claim-review.tsx';
import { DiscardButton, WaitingForUploads } from './edit-step.tsx';
import styles from './reimbursement.module.css';

const DECLARATION =
  'I declare that the information I have given is true and correct, and that I have not been paid for these costs by anyone else.';

export function ReviewStep({ form }: { form: ReimbursementForm }) {
  const { step, values, account, bsbLookup, problems, canSubmit, submitting } = form;
  const reviewReceipts = step === 'review' ? parsedReceipts(values.receipts) : null;
  return (
    <div hidden={step !== 'review'} data-testid="reimbursement-review">
      {reviewReceipts ? (
        <ClaimReview values={values} parsed={reviewReceipts} account={account} bsbLookup={bsbLookup} />
      ) : null}
      <CheckboxField label={DECLARATION} id={FIELD_IDS.Agreed} error={problems.Agreed}>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={values.agreed}
            onChange={(event) => form.edit.agreed(event.currentTarget.checked)}
            data-testid="reimbursement-agreed"
          />
        )}
      </CheckboxField>
      {/* Next to Submit, not under the other buttons: why it cannot be used yet. */}
      {!canSubmit && !submitting ? (
        <p id="reimbursement-submit-hint" className={styles.smallPrint} data-testid="reimbursement-submit-hint">
          {values.agreed
            ? 'Your claim is not ready to send yet: press Submit to see what needs fixing.'
            : 'Tick the declaration above to send your claim.'}
        </p>
      ) : null}
      {form.waitingFor === 'submit' ? <WaitingForUploads testId="reimbursement-waiting-submit" /> : null}
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
        <button
          type="button"
          className="button button--secondary"
          onClick={() => form.changeStep('edit')}
          data-testid="reimbursement-edit-form"
        >
          Edit form
        </button>
        <DiscardButton form={form} testId="reimbursement-discard-review" />
      </div>
    </div>
  );
}
