/**
 * Where the claim's problems show on the page: the control each problem key is about (the error
 * summary links there), the form's field for it (react-hook-form's errors), and the summary's
 * entries, each saying which receipt or that it is about the person to pay.
 */
import { get, type FieldErrors } from 'react-hook-form';
import type { SummaryEntry } from '../../../components/error-summary.tsx';
import {
  PAYEE_FIELDS,
  fieldsOf,
  payeeKey,
  receiptKey,
  type ClaimValues,
  type PayeeField,
  type Problems,
  type ReceiptEntry,
  type ReceiptField,
} from './claim.ts';

/** The claim's fields as the form holds them (the step and the uploaded files are kept beside them). */
export type ClaimFields = Pick<ClaimValues, 'payOther' | 'payee' | 'receipts' | 'agreed'>;

export const FIELD_IDS = {
  PayOther: 'reimbursement-pay-me',
  Receipts: 'reimbursement-add-receipt',
  Documents: 'reimbursement-upload',
  Agreed: 'reimbursement-agreed',
} as const;

export const payeeFieldId = (field: PayeeField) => `reimbursement-payee-${field}`;
export const receiptFieldId = (key: string, field: ReceiptField | 'Kind') => `receipt-${key}-${field}`;

/** The element a problem's summary entry links to. */
export function fieldIdOf(problemKey: string): string | undefined {
  if (problemKey in FIELD_IDS) return FIELD_IDS[problemKey as keyof typeof FIELD_IDS];
  const [area, a, b] = problemKey.split('.');
  if (area === 'Payee' && a) return payeeFieldId(a as PayeeField);
  if (area === 'Receipt' && a && b) return receiptFieldId(a, b as ReceiptField);
  return undefined;
}

/** Problems of the review step itself (the agreement); all others are the edit step's. */
export function isReviewProblem(problemKey: string): boolean {
  return problemKey === 'Agreed';
}

/** Every problem key and the form's field it is about, in page order. */
function fieldPaths(receipts: readonly ReceiptEntry[]): Array<[string, string]> {
  return [
    ['PayOther', 'payOther'],
    ...PAYEE_FIELDS.map((f): [string, string] => [payeeKey(f), `payee.${f}`]),
    ['Receipts', 'receipts.root'],
    ...receipts.flatMap((r, i): Array<[string, string]> => [
      [receiptKey(r.key, 'Kind'), `receipts.${i}.kind`],
      ...(r.kind ? fieldsOf(r.kind) : []).map((f): [string, string] => [
        receiptKey(r.key, f),
        `receipts.${i}.values.${f}`,
      ]),
    ]),
    ['Documents', 'documents'],
    ['Agreed', 'agreed'],
  ];
}

/**
 * The form's field and message of each problem, in the order to set them: the list's own problem
 * after its receipts', so the receipts' errors stay the field array's items.
 */
export function problemFields(problems: Problems, receipts: readonly ReceiptEntry[]): Array<[string, string]> {
  const paths = fieldPaths(receipts).sort(([a], [b]) => Number(a === 'Receipts') - Number(b === 'Receipts'));
  return paths.flatMap(([key, path]): Array<[string, string]> =>
    problems[key] === undefined ? [] : [[path, problems[key]]],
  );
}

/** react-hook-form's errors as the problems map, in page order. */
export function problemsOf(errors: FieldErrors<ClaimFields>, receipts: readonly ReceiptEntry[]): Problems {
  const problems: Problems = {};
  for (const [key, path] of fieldPaths(receipts)) {
    const message: unknown = (get(errors, path) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') problems[key] = message;
  }
  return problems;
}

/** The summary entries of problems; `include` leaves out those whose field is on the hidden step. */
export function summaryEntries(
  found: Problems,
  receipts: readonly ReceiptEntry[],
  include: (key: string) => boolean = () => true,
): SummaryEntry[] {
  const receiptNumber = new Map(receipts.map((r, i) => [r.key, i + 1]));
  return Object.entries(found)
    .filter(([key]) => include(key))
    .map(([key, message]) => {
      const [area, receiptKeyOf] = key.split('.');
      // Said with the summary entry: which receipt, or that it is about the person to pay.
      const prefix =
        area === 'Receipt' && receiptKeyOf
          ? `Receipt ${receiptNumber.get(receiptKeyOf) ?? ''}: `
          : area === 'Payee'
            ? 'Person to pay: '
            : '';
      return { message: `${prefix}${message}`, fieldId: fieldIdOf(key) };
    });
}
