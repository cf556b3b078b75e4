/**
 * The changes the claimant makes on the edit step (and the agreement on the review step), each
 * clearing the problem of what changed; the receipts' field array: a receipt added (focus goes to
 * its type) or removed (a filled one after asking; focus goes to "Add another receipt"), each
 * announced.
 */
import type { PayOtherValue, ReceiptKind } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { requestConfirm } from '../../../lib/feedback/confirm.ts';
import { emptyReceipt, isReceiptEmpty, type PayeeField, type ReceiptField } from '../lib/claim.ts';
import { FIELD_IDS, receiptFieldId, type ClaimFields } from '../lib/claim-problems.ts';

export function useClaimEdits({ control, getValues, setValue, clearErrors }: UseFormReturn<ClaimFields>) {
  const receiptList = useFieldArray({ control, name: 'receipts' });
  const [receiptAnnouncement, setReceiptAnnouncement] = useState('');
  const focusAfterRender = useRef<string | null>(null);

  // A receipt added or removed: focus goes to its first question, or to "Add another receipt".
  useEffect(() => {
    const element = focusAfterRender.current ? document.getElementById(focusAfterRender.current) : null;
    if (!element) return;
    focusAfterRender.current = null;
    element.focus();
  });

  const edit = {
    payOther: (value: PayOtherValue) => {
      setValue('payOther', value);
      clearErrors('payOther');
    },
    payee: (field: PayeeField, value: string) => {
      setValue(`payee.${field}`, value);
      clearErrors(`payee.${field}`);
    },
    receipt: (index: number, field: ReceiptField, value: string) => {
      setValue(`receipts.${index}.values.${field}`, value);
      clearErrors(`receipts.${index}.values.${field}`);
    },
    /** Another kind asks other questions: the receipt's problems all go. */
    kind: (index: number, kind: ReceiptKind | '') => {
      setValue(`receipts.${index}.kind`, kind);
      clearErrors(`receipts.${index}`);
    },
    addReceipt: () => {
      const receipt = emptyReceipt();
      const number = getValues('receipts').length + 1;
      focusAfterRender.current = receiptFieldId(receipt.key, 'Kind');
      receiptList.append(receipt, { shouldFocus: false });
      clearErrors('receipts.root' as FieldPath<ClaimFields>);
      setReceiptAnnouncement(`Receipt ${number} added`);
    },
    removeReceipt: async (key: string, number: number) => {
      const receipt = getValues('receipts').find((r) => r.key === key);
      if (receipt && !isReceiptEmpty(receipt)) {
        const proceed = await requestConfirm({
          title: 'Remove receipt',
          message: `Remove receipt ${number}? What you entered for it will be lost.`,
          confirmLabel: 'Yes, remove it',
          cancelLabel: 'No, keep it',
        });
        if (!proceed) return;
      }
      const index = getValues('receipts').findIndex((r) => r.key === key);
      if (index < 0) return;
      focusAfterRender.current = FIELD_IDS.Receipts;
      // The field array moves the errors of the receipts after it along with them.
      receiptList.remove(index);
      setReceiptAnnouncement(`Receipt ${number} removed`);
    },
    agreed: (checked: boolean) => {
      setValue('agreed', checked);
      clearErrors('agreed');
    },
  };

  return { edit, receiptAnnouncement };
}
