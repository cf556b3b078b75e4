/**
 * The reimbursement form (spec 001 Reimbursement form, Sub-forms, Amounts and dates,
 * Reimbursement rules, §3 Reimbursement draft extras and Sub-form description text).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import {
  CURRENCY_PATTERN,
  accountName,
  accountNumber,
  bsb,
  email,
  hasTwoDigitYear,
  parseDisplayDate,
} from '../fields.ts';
import { isoToday } from '../today.ts';
import { MESSAGES } from '../messages.ts';
import { requestBody } from './common.ts';
import { DraftFile } from './forms.ts';
import { respondsTo } from './responds-to.ts';

/** Spec 001 §3 PayOther. */
export const PayOther = { Me: 0, SomeoneElse: 1, Provider: 2 } as const;
export type PayOtherValue = (typeof PayOther)[keyof typeof PayOther];

export const RECEIPT_KINDS = ['Pharmacy', 'Home services', 'Other'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const HOME_SERVICE_TYPES = ['Childcare', 'Cleaning', 'Gardening', 'Other'] as const;

/** Spec 001 §5: a valid amount gains a leading $ and '.00' on blur; anything else is left as typed. */
export function formatAmount(value: string): string {
  const v = value.trim();
  if (!CURRENCY_PATTERN.test(v)) return value;
  const bare = v.replace(/^\$/, '');
  return `$${bare.includes('.') ? bare : `${bare}.00`}`;
}

/** The amount in cents, for totals (the value must match the currency pattern). */
export function amountCents(value: string): number {
  const [dollars, cents = '00'] = value.trim().replace(/^\$/, '').split('.');
  return Number(dollars) * 100 + Number(cents);
}

export function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-AU')}.${String(cents % 100).padStart(2, '0')}`;
}

const amount = z
  .string({ error: MESSAGES.amountInvalid })
  .trim()
  .max(LIMITS.amountMax, MESSAGES.amountTooLong)
  .regex(CURRENCY_PATTERN, MESSAGES.amountInvalid)
  .transform(formatAmount);

/** dd/mm/yyyy, a real date, not after today (Melbourne). Stays as typed. */
export function receiptDate(today: () => string = () => isoToday()) {
  return z
    .string({ error: MESSAGES.receiptDateInvalid })
    .refine((v) => !hasTwoDigitYear(v), { message: MESSAGES.receiptDateYearInFull, abort: true })
    .refine((v) => {
      const iso = parseDisplayDate(v.trim());
      return iso !== null && iso <= today();
    }, MESSAGES.receiptDateInvalid);
}

const text = (max: number, message: string) => z.string().trim().max(max, message).default('');
const required = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export function receiptSchemas(today?: () => string) {
  const date = receiptDate(today);
  const pharmacy = z.strictObject({
    Kind: z.literal('Pharmacy'),
    Date: date,
    Description: text(LIMITS.notesMax, MESSAGES.descriptionTooLong),
    Pharmacy: required(LIMITS.providerMax, MESSAGES.pharmacyProviderInvalid),
    Cost: amount,
  });
  const homeServices = z.strictObject({
    Kind: z.literal('Home services'),
    Date: date,
    Duration: required(LIMITS.amountMax, MESSAGES.durationInvalid),
    // Spec 001 §5: the name pattern (1–100 characters of any kind).
    Provider: required(LIMITS.homeProviderMax, MESSAGES.homeProviderInvalid),
    ServiceType: z.enum(HOME_SERVICE_TYPES, { error: MESSAGES.serviceTypeRequired }),
    Amount: amount,
    Notes: text(LIMITS.notesMax, MESSAGES.notesTooLong),
  });
  const other = z.strictObject({
    Kind: z.literal('Other'),
    Date: date,
    Description: text(LIMITS.notesMax, MESSAGES.descriptionTooLong),
    Provider: required(LIMITS.providerMax, MESSAGES.pharmacyProviderInvalid),
    Cost: amount,
  });
  return {
    pharmacy,
    homeServices,
    other,
    receipt: z.discriminatedUnion('Kind', [pharmacy, homeServices, other], { error: MESSAGES.receiptTypeRequired }),
  };
}

export const { receipt: Receipt } = receiptSchemas();
export type Receipt = z.output<typeof Receipt>;
export type ReceiptInput = z.input<typeof Receipt>;

/** The amount a receipt claims. */
export function receiptAmount(r: Receipt): string {
  return r.Kind === 'Home services' ? r.Amount : r.Cost;
}

/** Someone else paid (PayOther 1): who they are and where the money goes. */
export const Payee = z.strictObject({
  PaymentName: required(LIMITS.accountNameMax, MESSAGES.payeeNameInvalid),
  PaymentAddress: required(300, MESSAGES.payeeAddressRequired),
  PaymentEmail: email,
  PaymentPhone: z
    .string()
    .trim()
    .regex(/^$|^[0-9 +()-]{6,20}$/, 'Enter a valid phone number')
    .default(''),
  PaymentRelationship: required(50, MESSAGES.payeeRelationshipInvalid),
  BankAccName: accountName,
  BankBSB: bsb,
  BankAccNo: accountNumber,
});
export type Payee = z.output<typeof Payee>;

/**
 * The claim itself (spec 001 Reimbursement rules): who to pay, the receipts, the agreement and the
 * files. The form checks it on Next and Submit, and the server checks it again in the request.
 */
export function reimbursementClaimShape(today?: () => string) {
  return {
    PayOther: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MESSAGES.payeeRequired }),
    Payee: Payee.optional(),
    Receipts: z.array(receiptSchemas(today).receipt).min(1, MESSAGES.receiptRequired).max(20),
    Agreed: z.literal(true, { error: MESSAGES.disclaimerRequired }),
    Documents: z.array(DraftFile).min(1, MESSAGES.noDocumentsUploaded).max(20),
  };
}

function payeeOfSomeoneElse(v: { PayOther: number; Payee?: unknown }, ctx: z.RefinementCtx) {
  if (v.PayOther === PayOther.SomeoneElse && !v.Payee)
    ctx.addIssue({ code: 'custom', message: MESSAGES.payeeNameInvalid, path: ['Payee'] });
}

/** The claim without the FormId and IdempotencyKey of a sending; `today` is the clock (tests). */
export function reimbursementClaim(today?: () => string) {
  return z.object(reimbursementClaimShape(today)).superRefine(payeeOfSomeoneElse);
}

export const SubmitReimbursementRequest = requestBody({
  FormId: z.string().min(1).max(64),
  IdempotencyKey: z.string().min(8).max(100),
  RespondsTo: respondsTo,
  ...reimbursementClaimShape(),
}).superRefine(payeeOfSomeoneElse);
export type SubmitReimbursementRequest = z.input<typeof SubmitReimbursementRequest>;

/**
 * Sub-form description text (spec 001 §3): label/value pairs, the key marker between label and
 * value, the section marker between pairs. Markers here: ': ' and a line break — readable by the
 * provider's staff as it is. A backslash escapes itself and a line break inside a value ('\\n'),
 * so any value round-trips; labels are fixed and never contain the key marker.
 */
export const KEY_MARKER = ': ';
export const SECTION_MARKER = '\n';

const escapeValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
const unescapeValue = (v: string) =>
  v.replace(/\\(\\|n|r)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : '\\'));

export function serializeDescription(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([label, value]) => `${label}${KEY_MARKER}${escapeValue(value)}`).join(SECTION_MARKER);
}

export function parseDescription(textValue: string): [string, string][] {
  if (textValue === '') return [];
  return textValue.split(SECTION_MARKER).map((line) => {
    const at = line.indexOf(KEY_MARKER);
    return at < 0 ? [line, ''] : [line.slice(0, at), unescapeValue(line.slice(at + KEY_MARKER.length))];
  });
}

/** The labels of each receipt kind's fields, in the order they are written. */
export const RECEIPT_LABELS = {
  Pharmacy: { Date: 'Date of purchase', Description: 'Description', Pharmacy: 'Pharmacy', Cost: 'Cost' },
  'Home services': {
    Date: 'Date of service',
    Duration: 'Duration of service (hours)',
    Provider: 'Service provider',
    ServiceType: 'Type of service',
    Amount: 'Amount to reimburse',
    Notes: 'General notes',
  },
  Other: { Date: 'Date of purchase or service', Description: 'Description', Provider: 'Provider', Cost: 'Cost' },
} as const;

/** A receipt's fields as description text, starting with its kind. */
export function describeReceipt(r: Record<string, string> & { Kind: ReceiptKind }): string {
  const labels = RECEIPT_LABELS[r.Kind] as Record<string, string>;
  return serializeDescription([
    ['Receipt type', r.Kind],
    ...Object.entries(labels).map(([field, label]) => [label, r[field] ?? ''] as const),
  ]);
}

/** The fields back from description text (unknown labels are ignored; missing ones are empty). */
export function readReceipt(textValue: string): (Record<string, string> & { Kind: ReceiptKind }) | null {
  const pairs = new Map(parseDescription(textValue));
  const kind = pairs.get('Receipt type') as ReceiptKind | undefined;
  if (!kind || !RECEIPT_KINDS.includes(kind)) return null;
  const labels = RECEIPT_LABELS[kind] as Record<string, string>;
  return {
    Kind: kind,
    ...Object.fromEntries(Object.entries(labels).map(([field, label]) => [field, pairs.get(label) ?? ''])),
  } as Record<string, string> & { Kind: ReceiptKind };
}

/**
 * The reimbursement draft as the web app saves it through updateform/reimbursement: whatever
 * has been typed so far (nothing is required in a draft), each receipt as its description text.
 */
export const ReimbursementDraft = z.object({
  Step: z.enum(['edit', 'review']).default('edit'),
  PayOther: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .nullable()
    .default(null),
  Payee: z.record(z.string(), z.string().max(300)).default({}),
  Receipts: z
    .array(z.object({ Text: z.string().max(8000) }))
    .max(20)
    .default([]),
  Agreed: z.boolean().default(false),
  Documents: z.array(DraftFile).max(20).default([]),
});
export type ReimbursementDraft = z.output<typeof ReimbursementDraft>;
