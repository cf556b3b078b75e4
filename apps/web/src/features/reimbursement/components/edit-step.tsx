/**
 * The edit step (spec 001 Reimbursement form): who to pay, the receipts, the documents, then
 * "Next" (which checks this step and shows the review) and Discard Draft. It stays mounted, only
 * hidden, on the review step: "Edit form" comes back with nothing lost, even a half-typed search.
 */
import { FileUpload } from '../../../components/file-upload.tsx';
import { UPLOAD_KINDS_TEXT } from '../../../lib/uploads/upload.ts';
import type { ReimbursementForm } from '../hooks/use-reimbursement-form.ts';
import { FIELD_IDS } from '../lib/claim-problems.ts';
import { PayWho } from './pay-who.tsx';
import { ReceiptList } from './receipt-list.tsx';
import styles from './reimbursement.module.css';

const UPLOAD_HINT = `Attach a copy of each receipt, one file at a time. Each can be ${UPLOAD_KINDS_TEXT}.`;

export function DiscardButton({ form, testId }: { form: ReimbursementForm; testId: string }) {
  return (
    <button
      type="button"
      className="button button--secondary"
      data-testid={testId}
      onClick={() => void form.onDiscard()}
    >
      Discard draft
    </button>
  );
}

/** Next or Submit pressed with documents still uploading: it goes on when they are done. */
export function WaitingForUploads({ testId }: { testId: string }) {
  return (
    <p role="status" data-testid={testId}>
      Waiting for your documents to finish uploading…
    </p>
  );
}

export function EditStep({ form }: { form: ReimbursementForm }) {
  return (
    <div hidden={form.step !== 'edit'} data-testid="reimbursement-edit">
      <PayWho form={form} />
      <ReceiptList form={form} />
      <section className={`${styles.section} ${styles.uploadArea}`} aria-label="Documents">
        {form.discarding ? null : (
          <FileUpload
            id={FIELD_IDS.Documents}
            label="Copies of your receipts"
            hint={UPLOAD_HINT}
            formType="reimbursement"
            formId={form.draft.formId.current}
            items={form.items}
            onItemsChange={form.setItems}
            error={form.problems.Documents}
            disabled={form.submitting}
            testId="reimbursement-upload"
          />
        )}
      </section>
      {form.waitingFor === 'next' ? <WaitingForUploads testId="reimbursement-waiting" /> : null}
      <div className={styles.actions}>
        <button type="submit" className="button" data-testid="reimbursement-next">
          Next
        </button>
        <DiscardButton form={form} testId="reimbursement-discard" />
      </div>
    </div>
  );
}
