/**
 * The receipts (spec 001 Sub-forms): one sub-form per receipt, the running total, "Add another
 * receipt" (focus goes to the new receipt's type) and the announcement of each added or removed.
 */
import { formatCents } from '@portal/contracts';
import { Icon } from '../../../components/icon.tsx';
import type { ReimbursementForm } from '../hooks/use-reimbursement-form.ts';
import { totalCents } from '../lib/claim.ts';
import { FIELD_IDS } from '../lib/claim-problems.ts';
import { ReceiptFieldset } from './receipt-fieldset.tsx';
import styles from './reimbursement.module.css';

export function ReceiptList({ form }: { form: ReimbursementForm }) {
  const { values, kinds, problems, edit } = form;
  const { receipts } = values;
  return (
    <section className={styles.section} aria-labelledby="reimbursement-receipts-title">
      <h3 id="reimbursement-receipts-title" className={styles.sectionTitle}>
        Receipts
      </h3>
      <p>Add each receipt you are claiming for. You can add more than one.</p>
      {/* Keyed by each receipt's own key (its controls' ids are made from it), with the form's values. */}
      {receipts.map((receipt, index) => (
        <ReceiptFieldset
          key={receipt.key}
          receipt={receipt}
          number={index + 1}
          kinds={kinds}
          problems={problems}
          onKind={(kind) => edit.kind(index, kind)}
          onChange={(field, value) => edit.receipt(index, field, value)}
          onRemove={() => void edit.removeReceipt(receipt.key, index + 1)}
        />
      ))}
      {problems.Receipts ? (
        <p
          className="callout callout--error"
          id={`${FIELD_IDS.Receipts}-error`}
          data-testid="reimbursement-receipts-error"
        >
          <Icon name="warning" />
          <span>{problems.Receipts}</span>
        </p>
      ) : null}
      <p className={styles.total} data-testid="reimbursement-total">
        <span>Total so far</span>
        <span>{formatCents(totalCents(receipts))}</span>
      </p>
      <button
        type="button"
        id={FIELD_IDS.Receipts}
        className="button button--secondary"
        aria-describedby={problems.Receipts ? `${FIELD_IDS.Receipts}-error` : undefined}
        onClick={edit.addReceipt}
        data-testid="reimbursement-add-receipt"
      >
        {receipts.length === 0 ? 'Add a receipt' : 'Add another receipt'}
      </button>
      <p className="visually-hidden" role="status" data-testid="reimbursement-receipt-status">
        {form.receiptAnnouncement}
      </p>
    </section>
  );
}
