/**
 * "Who should we pay?" (spec 001 Reimbursement rules): me (my bank details as held), someone else
 * (their details and bank account) or my provider (what a provider can bill us for).
 */
import { MESSAGES, PayOther, type PayOtherValue } from '@portal/contracts';
import { RadioGroup, type RadioOption } from '../../../components/forms/radio-group.tsx';
import { Icon } from '../../../components/icon.tsx';
import type { ReimbursementForm } from '../hooks/use-reimbursement-form.ts';
import { FIELD_IDS } from '../lib/claim-problems.ts';
import { OwnBankDetails } from './own-bank-details.tsx';
import { PayeeFields } from './payee-fields.tsx';
import styles from './reimbursement.module.css';

const PAY_CHOICES: ReadonlyArray<RadioOption<PayOtherValue>> = [
  { value: PayOther.Me, label: 'Me', id: FIELD_IDS.PayOther, testId: 'reimbursement-pay-me' },
  {
    value: PayOther.SomeoneElse,
    label: 'Someone else',
    id: 'reimbursement-pay-someone-else',
    testId: 'reimbursement-pay-someone-else',
  },
  {
    value: PayOther.Provider,
    label: 'My provider',
    id: 'reimbursement-pay-provider',
    testId: 'reimbursement-pay-provider',
  },
];

export function PayWho({ form }: { form: ReimbursementForm }) {
  const { values, problems, account, edit, bsbLookup, lookUp } = form;
  return (
    <section className={styles.section} aria-label="Who should we pay">
      <RadioGroup
        legend="Who should we pay?"
        idPrefix="reimbursement-pay"
        name="reimbursement-pay-other"
        options={PAY_CHOICES}
        value={values.payOther}
        onChange={edit.payOther}
        error={problems.PayOther}
        data-testid="reimbursement-pay-who"
      />
      <div className={styles.branch} data-testid="reimbursement-pay-branch">
        {values.payOther === PayOther.Me ? <OwnBankDetails account={account} /> : null}
        {values.payOther === PayOther.SomeoneElse ? (
          <PayeeFields
            payee={values.payee}
            problems={problems}
            onChange={edit.payee}
            onBsbLeft={(bsb) => void lookUp(bsb)}
            lookup={bsbLookup}
          />
        ) : null}
        {values.payOther === PayOther.Provider ? (
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
  );
}
