/**
 * "Pay someone else" (spec 001 Reimbursement rules, §3 draft extras): their name, postal address
 * (chosen from suggestions), e-mail, relationship, bank account name, BSB and account number are
 * required; the phone is optional. The BSB is looked up when the field is left and shown as
 * 'nnn-nnn' with the bank's name, or marked invalid (spec 000 §4, §8).
 */
import { LIMITS } from '@portal/contracts';
import type { ChangeEvent } from 'react';
import { AddressPicker } from '../../../components/address-picker.tsx';
import { BsbBankName } from '../../../components/bsb-bank-name.tsx';
import { Field } from '../../../components/form-field.tsx';
import { payeeFieldId } from '../lib/claim-problems.ts';
import { formatBsb, type BsbLookup } from '../../../lib/api/verify-bsb.ts';
import { payeeKey, type PayeeField, type PayeeValues, type Problems } from '../lib/claim.ts';
import styles from './reimbursement.module.css';

type PayeeFieldsProps = {
  payee: PayeeValues;
  problems: Problems;
  onChange: (field: PayeeField, value: string) => void;
  /** The BSB field was left (its value already tidied to 'nnn-nnn'). */
  onBsbLeft: (bsb: string) => void;
  /** The latest look-up; only its answer for the BSB now typed is shown. */
  lookup: BsbLookup | null;
};

const digitsOnly = (value: string) => value.replace(/[^0-9]/g, '');

export function PayeeFields({ payee, problems, onChange, onBsbLeft, lookup }: PayeeFieldsProps) {
  const error = (field: PayeeField) => problems[payeeKey(field)];
  const text = (field: PayeeField) => ({
    value: payee[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
    'data-testid': `reimbursement-payee-${field}`,
  });
  const bsb = formatBsb(payee.BankBSB.trim());
  const answered = lookup && lookup.bsb === bsb ? lookup : null;
  const bankNameId = 'reimbursement-payee-bank-name';

  return (
    <div data-testid="reimbursement-payee">
      <p>Tell us who paid for these costs and where to pay them.</p>
      <Field label="Their full name" id={payeeFieldId('PaymentName')} error={error('PaymentName')} required>
        {(c) => (
          <input {...c} {...text('PaymentName')} type="text" autoComplete="off" maxLength={LIMITS.accountNameMax} />
        )}
      </Field>
      <AddressPicker
        label="Their postal address"
        id={payeeFieldId('PaymentAddress')}
        isHomeAddress={false}
        value={payee.PaymentAddress ? { PartialAddress: payee.PaymentAddress } : null}
        onChange={(picked) => onChange('PaymentAddress', picked?.PartialAddress ?? '')}
        error={error('PaymentAddress')}
        required
        testId="reimbursement-payee-PaymentAddress"
      />
      <Field label="Their email address" id={payeeFieldId('PaymentEmail')} error={error('PaymentEmail')} required>
        {(c) => <input {...c} {...text('PaymentEmail')} type="email" autoComplete="off" spellCheck={false} />}
      </Field>
      <Field label="Their phone number (optional)" id={payeeFieldId('PaymentPhone')} error={error('PaymentPhone')}>
        {(c) => <input {...c} {...text('PaymentPhone')} type="tel" autoComplete="off" className={styles.medium} />}
      </Field>
      <Field
        label="Their relationship to you"
        hint="For example: partner, parent, friend"
        id={payeeFieldId('PaymentRelationship')}
        error={error('PaymentRelationship')}
        required
      >
        {(c) => (
          <input
            {...c}
            {...text('PaymentRelationship')}
            type="text"
            autoComplete="off"
            maxLength={50}
            className={styles.medium}
          />
        )}
      </Field>
      <Field label="Bank account name" id={payeeFieldId('BankAccName')} error={error('BankAccName')} required>
        {(c) => (
          <input {...c} {...text('BankAccName')} type="text" autoComplete="off" maxLength={LIMITS.accountNameMax} />
        )}
      </Field>
      <Field
        label="BSB"
        hint="6 digits, for example 063-000"
        id={payeeFieldId('BankBSB')}
        error={error('BankBSB')}
        required
      >
        {(c) => (
          <input
            {...c}
            {...text('BankBSB')}
            aria-describedby={[c['aria-describedby'], bankNameId].filter(Boolean).join(' ')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            className={styles.short}
            onBlur={(event) => {
              const tidy = formatBsb(event.currentTarget.value.trim());
              if (tidy !== payee.BankBSB) onChange('BankBSB', tidy);
              onBsbLeft(tidy);
            }}
          />
        )}
      </Field>
      <BsbBankName
        id={bankNameId}
        testId="reimbursement-payee-bank-name"
        answered={answered}
        className={styles.bankName}
        smallPrintClassName={styles.smallPrint}
      />
      <Field
        label="Account number"
        hint="6 to 9 digits"
        id={payeeFieldId('BankAccNo')}
        error={error('BankAccNo')}
        required
      >
        {(c) => (
          <input
            {...c}
            {...text('BankAccNo')}
            onChange={(event) => onChange('BankAccNo', digitsOnly(event.currentTarget.value))}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.accountNumberMax}
            className={styles.short}
          />
        )}
      </Field>
    </div>
  );
}
