/**
 * One receipt sub-form (spec 001 Pharmacy / Other / Home services fields, Sub-forms, Amounts and
 * dates): a fieldset whose legend names it, the receipt type from the ReceiptTypes list, then the
 * fields of that type. Amounts are formatted when left (formatAmount); dates are dd/mm/yyyy and
 * not after today (the contracts' rule, checked on Next).
 */
import { HOME_SERVICE_TYPES, LIMITS, formatAmount, type ReceiptKind } from '@portal/contracts';
import type { ChangeEvent } from 'react';
import { DateInput } from '../../../components/date-input.tsx';
import { Field } from '../../../components/form-field.tsx';
import { receiptFieldId } from '../lib/claim-problems.ts';
import { fieldsOf, labelOf, receiptKey, type Problems, type ReceiptEntry, type ReceiptField } from '../lib/claim.ts';
import styles from './reimbursement.module.css';

type ReceiptFieldsetProps = {
  receipt: ReceiptEntry;
  /** 1-based, as the claimant counts. */
  number: number;
  kinds: readonly ReceiptKind[];
  problems: Problems;
  onKind: (kind: ReceiptKind | '') => void;
  onChange: (field: ReceiptField, value: string) => void;
  onRemove: () => void;
};

const MAX_LENGTH: Record<ReceiptField, number> = {
  Date: 10,
  Description: LIMITS.notesMax,
  Pharmacy: LIMITS.providerMax,
  Provider: LIMITS.providerMax,
  Duration: LIMITS.amountMax,
  ServiceType: 50,
  Cost: LIMITS.amountMax,
  Amount: LIMITS.amountMax,
  Notes: LIMITS.notesMax,
};

const OPTIONAL: ReadonlySet<ReceiptField> = new Set(['Description', 'Notes']);

const HINTS: Partial<Record<ReceiptField, string>> = {
  Date: 'dd/mm/yyyy, for example 27/03/2026. Not after today.',
  Cost: 'For example $25 or $25.50',
  Amount: 'For example $25 or $25.50',
  Duration: 'In hours, for example 2.5',
};

export function ReceiptFieldset({
  receipt,
  number,
  kinds,
  problems,
  onKind,
  onChange,
  onRemove,
}: ReceiptFieldsetProps) {
  const id = (field: ReceiptField | 'Kind') => receiptFieldId(receipt.key, field);
  const error = (field: ReceiptField | 'Kind') => problems[receiptKey(receipt.key, field)];
  const testId = (field: string) => `receipt-${field}`;
  const kind = receipt.kind;
  // The home-services provider limit is 100 (spec 001 §9).
  const maxLength = (field: ReceiptField) =>
    field === 'Provider' && kind === 'Home services' ? LIMITS.homeProviderMax : MAX_LENGTH[field];

  const control = (field: ReceiptField, k: ReceiptKind) => {
    const label = `${labelOf(k, field)}${OPTIONAL.has(field) ? ' (optional)' : ''}`;
    const value = receipt.values[field];
    const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(field, event.currentTarget.value);
    return (
      <Field
        key={field}
        label={label}
        id={id(field)}
        error={error(field)}
        hint={HINTS[field]}
        required={!OPTIONAL.has(field)}
      >
        {(c) => {
          if (field === 'Date') {
            return (
              <DateInput
                {...c}
                className={styles.short}
                placeholder="dd/mm/yyyy"
                value={value}
                onChange={onText}
                data-testid={testId(field)}
              />
            );
          }
          if (field === 'ServiceType') {
            return (
              <select {...c} className={styles.medium} value={value} onChange={onText} data-testid={testId(field)}>
                <option value="">Please select</option>
                {HOME_SERVICE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            );
          }
          if (field === 'Description' || field === 'Notes') {
            return (
              <textarea
                {...c}
                rows={3}
                maxLength={maxLength(field)}
                value={value}
                onChange={onText}
                data-testid={testId(field)}
              />
            );
          }
          const amount = field === 'Cost' || field === 'Amount';
          return (
            <input
              {...c}
              type="text"
              inputMode={amount || field === 'Duration' ? 'decimal' : undefined}
              autoComplete="off"
              className={amount || field === 'Duration' ? styles.short : undefined}
              maxLength={maxLength(field)}
              value={value}
              onChange={onText}
              onBlur={
                amount
                  ? (event) => {
                      const shown = formatAmount(event.currentTarget.value);
                      if (shown !== value) onChange(field, shown);
                    }
                  : undefined
              }
              data-testid={testId(field)}
            />
          );
        }}
      </Field>
    );
  };

  return (
    <fieldset className={styles.receipt} data-testid="receipt" data-kind={kind}>
      <legend className={styles.receiptLegend} data-testid="receipt-legend">
        Receipt {number}
        {kind ? `: ${kind}` : ''}
      </legend>
      <Field label="Receipt type" id={id('Kind')} error={error('Kind')} required>
        {(c) => (
          <select
            {...c}
            className={styles.medium}
            value={kind}
            onChange={(event) => onKind(event.currentTarget.value as ReceiptKind | '')}
            data-testid="receipt-Kind"
          >
            <option value="">Please select</option>
            {(kind && !kinds.includes(kind) ? [...kinds, kind] : kinds).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        )}
      </Field>
      {kind ? fieldsOf(kind).map((field) => control(field, kind)) : null}
      <div className={styles.receiptActions}>
        <button type="button" className="button button--secondary" onClick={onRemove} data-testid="receipt-remove">
          Remove receipt {number}
        </button>
      </div>
    </fieldset>
  );
}
