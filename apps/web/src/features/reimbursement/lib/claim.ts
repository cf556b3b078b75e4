/**
 * The reimbursement claim as the form holds it, and its rules — all of them the contracts' (spec
 * 001 Sub-forms, Amounts and dates, Reimbursement rules): this file only runs the contracts'
 * schemas over what has been typed and says where each problem belongs on the page.
 *
 * - The draft (ReimbursementDraft) keeps each receipt as its description text (describeReceipt)
 *   and reads it back with readReceipt (spec 001 §3 "Sub-form description text").
 * - validateClaim runs the contracts' claim schema (reimbursementClaim, the one the server
 *   checks again) and answers the problems of the edit step (Next) or of the whole claim
 *   (Submit), in page order, each keyed by the field it is about (./claim-problems.ts says where
 *   each one shows).
 * - buildSubmission turns a valid claim into the SubmitReimbursementRequest.
 * - One receipt sub-form, its fields and its text, and the total are ./receipts.ts.
 */
import {
  bsbNotFound,
  MESSAGES,
  Payee,
  PayOther,
  reimbursementClaim,
  type PayOtherValue,
  type ReceiptKind,
  type ReimbursementDraft,
  type SubmitReimbursementRequest,
} from '@portal/contracts';
import { formatBsb, type BsbLookup } from '../../../lib/api/verify-bsb.ts';
import {
  RECEIPT_FIELD_NAMES,
  emptyReceipt,
  fieldsOf,
  parsedReceipts,
  receiptFromText,
  receiptRecord,
  receiptText,
  type ReceiptEntry,
  type ReceiptField,
} from './receipts.ts';

export * from './receipts.ts';

export type Step = 'edit' | 'review';

export const PAYEE_FIELDS = [
  'PaymentName',
  'PaymentAddress',
  'PaymentEmail',
  'PaymentPhone',
  'PaymentRelationship',
  'BankAccName',
  'BankBSB',
  'BankAccNo',
] as const;
export type PayeeField = (typeof PAYEE_FIELDS)[number];
export type PayeeValues = Record<PayeeField, string>;
const EMPTY_PAYEE: PayeeValues = Object.fromEntries(PAYEE_FIELDS.map((f) => [f, ''])) as PayeeValues;

type UploadedFile = { Filename: string; FileID: string };

export type ClaimValues = {
  step: Step;
  payOther: PayOtherValue | null;
  payee: PayeeValues;
  receipts: ReceiptEntry[];
  agreed: boolean;
  documents: UploadedFile[];
};

export function toDraft(values: ClaimValues): ReimbursementDraft {
  return {
    Step: values.step,
    PayOther: values.payOther,
    // Only someone else's details are kept: choosing "me" again later starts from what was typed.
    // Never their account number: a draft is not encrypted (server or this device), so it is
    // typed again after a restore (decision 014).
    Payee: Object.fromEntries(
      PAYEE_FIELDS.filter((f) => f !== 'BankAccNo' && values.payee[f] !== '').map((f) => [f, values.payee[f]]),
    ),
    Receipts: values.receipts.map((r) => ({ Text: receiptText(r) })),
    Agreed: values.agreed,
    Documents: values.documents,
  };
}

export function fromDraft(draft: ReimbursementDraft): ClaimValues {
  const payee = { ...EMPTY_PAYEE };
  for (const f of PAYEE_FIELDS) {
    const v = draft.Payee[f];
    if (typeof v === 'string') payee[f] = v;
  }
  return {
    step: draft.Step,
    payOther: draft.PayOther,
    payee,
    receipts: draft.Receipts.length > 0 ? draft.Receipts.map((r) => receiptFromText(r.Text)) : [emptyReceipt()],
    agreed: draft.Agreed,
    documents: draft.Documents,
  };
}

/** A new claim: one receipt to fill in, nobody chosen yet. */
export function newClaim(): ClaimValues {
  return {
    step: 'edit',
    payOther: null,
    payee: { ...EMPTY_PAYEE },
    receipts: [emptyReceipt()],
    agreed: false,
    documents: [],
  };
}

// ---------------------------------------------------------------------------------------------
// The problems

/** Keys of the problems map: 'PayOther', 'Payee.BankBSB', 'Receipt.r1.Cost', 'Receipt.r1.Kind', 'Receipts', 'Documents', 'Agreed'. */
export type Problems = Record<string, string>;

export const payeeKey = (field: PayeeField) => `Payee.${field}`;
export const receiptKey = (key: string, field: ReceiptField | 'Kind') => `Receipt.${key}.${field}`;

/** What the claimant's own bank details allow when "me" is chosen. */
/** 'trustee-none': none held, and the claim is managed by the State Trustees (who alone can give us one). */
export type OwnBank = 'present' | 'none' | 'trustee-none' | 'unknown';

export type ClaimContext = {
  ownBank: OwnBank;
  /** The latest look-up of the BSB someone else is paid into (only its answer for the BSB now typed counts). */
  bsbLookup: BsbLookup | null;
  /** Today in Melbourne, 'yyyy-mm-dd' (STYLE.md rule 7: the clock is passed in). */
  today?: () => string;
};

/**
 * A field name of the claim as the contracts name it ('PayOther', 'Payee.BankBSB', 'Receipts.1.Cost',
 * 'Agreed', 'Documents': the schema's issue paths and the server's Field) as a problem key of this
 * form, or undefined when the field is not one the form shows.
 */
export function problemKeyOfServerField(field: string, receipts: readonly ReceiptEntry[]): string | undefined {
  const [area, a, b] = field.split('.');
  if (area === 'PayOther' || area === 'Documents' || area === 'Agreed') return area;
  if (area === 'Payee' && a && (PAYEE_FIELDS as readonly string[]).includes(a)) return payeeKey(a as PayeeField);
  if (area === 'Receipts') {
    if (a === undefined) return 'Receipts';
    const receipt = receipts[Number(a)];
    if (!receipt) return 'Receipts';
    if (b === undefined || b === 'Kind') return receiptKey(receipt.key, 'Kind');
    return (RECEIPT_FIELD_NAMES as readonly string[]).includes(b)
      ? receiptKey(receipt.key, b as ReceiptField)
      : receiptKey(receipt.key, 'Kind');
  }
  return undefined;
}

/** The claim as the contracts' schema reads it; a receipt without a kind is one of no kind. */
function claimBody(values: ClaimValues, agreed: boolean) {
  return {
    PayOther: values.payOther,
    ...(values.payOther === PayOther.SomeoneElse ? { Payee: values.payee } : {}),
    Receipts: values.receipts.map((r) =>
      r.kind ? receiptRecord(r as ReceiptEntry & { kind: ReceiptKind }) : { Kind: '' },
    ),
    Agreed: agreed,
    Documents: values.documents,
  };
}

/**
 * The problems of the claim, in page order. 'edit' checks what the edit step asks (who to pay,
 * the receipts, at least one uploaded file); 'submit' adds the agreement.
 */
export function validateClaim(values: ClaimValues, context: ClaimContext, scope: 'edit' | 'submit'): Problems {
  const parsed = reimbursementClaim(context.today).safeParse(claimBody(values, scope === 'edit' || values.agreed));
  const found: Problems = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = problemKeyOfServerField(issue.path.join('.'), values.receipts);
    if (key && !(key in found)) found[key] = issue.message;
  }
  // What needs a look-up (the claimant's bank details, the payee's bank): the server checks it again.
  if (values.payOther === PayOther.Me && context.ownBank === 'none') found.PayOther ??= MESSAGES.bankDetailsNotFound;
  // Spec 001's text sends the claimant to My Details, where a trustee claim cannot add bank details (decision 027).
  if (values.payOther === PayOther.Me && context.ownBank === 'trustee-none')
    found.PayOther ??= MESSAGES.bankDetailsNotFoundStateTrustee;
  if (values.payOther === PayOther.SomeoneElse) {
    const bsb = formatBsb(values.payee.BankBSB.trim());
    if (context.bsbLookup?.bsb === bsb && context.bsbLookup.state === 'invalid')
      found[payeeKey('BankBSB')] ??= bsbNotFound(bsb);
  }
  const order = [
    'PayOther',
    ...PAYEE_FIELDS.map(payeeKey),
    'Receipts',
    ...values.receipts.flatMap((r) => [
      receiptKey(r.key, 'Kind'),
      ...(r.kind ? fieldsOf(r.kind) : []).map((f) => receiptKey(r.key, f)),
    ]),
    'Documents',
    'Agreed',
  ];
  return Object.fromEntries(order.filter((key) => key in found).map((key) => [key, found[key] as string]));
}

// ---------------------------------------------------------------------------------------------
// The submission

/** The request of a claim that validateClaim passed. */
export function buildSubmission(
  values: ClaimValues,
  formId: string,
  idempotencyKey: string,
  today?: () => string,
): SubmitReimbursementRequest {
  if (values.payOther === null) throw new Error('buildSubmission: nobody chosen to pay');
  const receipts = parsedReceipts(values.receipts, today);
  if (!receipts) throw new Error('buildSubmission: a receipt is not valid');
  const body: SubmitReimbursementRequest = {
    FormId: formId,
    IdempotencyKey: idempotencyKey,
    PayOther: values.payOther,
    Receipts: receipts,
    Agreed: true,
    Documents: values.documents,
  };
  if (values.payOther === PayOther.SomeoneElse) body.Payee = Payee.parse(values.payee);
  return body;
}
