/**
 * One receipt sub-form of the reimbursement claim (spec 001 Sub-forms): the fields of each kind
 * as the contracts write them, its description text in the draft (describeReceipt, readReceipt),
 * and the amounts typed so far.
 */
import {
  CURRENCY_PATTERN,
  RECEIPT_LABELS,
  amountCents,
  describeReceipt,
  readReceipt,
  receiptSchemas,
  type Receipt,
  type ReceiptKind,
} from '@portal/contracts';

/** Every field any kind of receipt has; a receipt shows (and sends) those of its kind. */
export const RECEIPT_FIELD_NAMES = [
  'Date',
  'Description',
  'Pharmacy',
  'Provider',
  'Duration',
  'ServiceType',
  'Cost',
  'Amount',
  'Notes',
] as const;
export type ReceiptField = (typeof RECEIPT_FIELD_NAMES)[number];
type ReceiptValues = Record<ReceiptField, string>;
const EMPTY_RECEIPT_VALUES: ReceiptValues = Object.fromEntries(
  RECEIPT_FIELD_NAMES.map((f) => [f, '']),
) as ReceiptValues;

/** One receipt sub-form: `key` names it on the page (ids, React keys); '' is a kind not chosen yet. */
export type ReceiptEntry = { key: string; kind: ReceiptKind | ''; values: ReceiptValues };

/** The fields of a kind, in the order the contracts write them (and the form shows them). */
export function fieldsOf(kind: ReceiptKind): ReceiptField[] {
  return Object.keys(RECEIPT_LABELS[kind]) as ReceiptField[];
}

export function labelOf(kind: ReceiptKind, field: ReceiptField): string {
  return (RECEIPT_LABELS[kind] as Record<string, string>)[field] ?? field;
}

/** The amount field of a kind: 'Amount to reimburse' for home services, 'Cost' otherwise. */
function amountFieldOf(kind: ReceiptKind): 'Amount' | 'Cost' {
  return kind === 'Home services' ? 'Amount' : 'Cost';
}

let receiptSeq = 0;
function newReceiptKey(): string {
  receiptSeq += 1;
  return `r${receiptSeq}`;
}

export function emptyReceipt(key: string = newReceiptKey()): ReceiptEntry {
  return { key, kind: '', values: { ...EMPTY_RECEIPT_VALUES } };
}

/** Nothing typed in it (a kind alone is not worth a question before removing). */
export function isReceiptEmpty(receipt: ReceiptEntry): boolean {
  const fields = receipt.kind ? fieldsOf(receipt.kind) : RECEIPT_FIELD_NAMES;
  return fields.every((f) => receipt.values[f].trim() === '');
}

/** The receipt as the contracts' record of its kind: Kind plus that kind's fields only. */
export function receiptRecord(
  receipt: ReceiptEntry & { kind: ReceiptKind },
): Record<string, string> & { Kind: ReceiptKind } {
  return { Kind: receipt.kind, ...Object.fromEntries(fieldsOf(receipt.kind).map((f) => [f, receipt.values[f]])) };
}

export function receiptText(receipt: ReceiptEntry): string {
  return receipt.kind ? describeReceipt(receiptRecord(receipt as ReceiptEntry & { kind: ReceiptKind })) : '';
}

export function receiptFromText(text: string, key: string = newReceiptKey()): ReceiptEntry {
  const read = readReceipt(text);
  if (!read) return emptyReceipt(key);
  const { Kind, ...fields } = read;
  const values = { ...EMPTY_RECEIPT_VALUES };
  for (const f of RECEIPT_FIELD_NAMES) if (typeof fields[f] === 'string') values[f] = fields[f];
  return { key, kind: Kind, values };
}

/** The sum of the amounts typed so far that are amounts (spec 001 §5 currency pattern), in cents. */
export function totalCents(receipts: readonly ReceiptEntry[]): number {
  let total = 0;
  for (const r of receipts) {
    if (!r.kind) continue;
    const amount = r.values[amountFieldOf(r.kind)].trim();
    if (CURRENCY_PATTERN.test(amount)) total += amountCents(amount);
  }
  return total;
}

/** The receipts as the contracts parse them (trimmed, amounts formatted); null if any is invalid. */
export function parsedReceipts(receipts: readonly ReceiptEntry[], today?: () => string): Receipt[] | null {
  const schemas = receiptSchemas(today);
  const out: Receipt[] = [];
  for (const r of receipts) {
    if (!r.kind) return null;
    const parsed = schemas.receipt.safeParse(receiptRecord(r as ReceiptEntry & { kind: ReceiptKind }));
    if (!parsed.success) return null;
    out.push(parsed.data);
  }
  return out;
}
