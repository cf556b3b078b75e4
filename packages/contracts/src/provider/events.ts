/**
 * The webhook events the portal sends the claims system (docs/provider-integration.md): one schema
 * per event Type, its Data exactly as delivered — files as links, someone else's account number
 * opened. The server's producers are typed from these, the OpenAPI document's `webhooks` is made
 * from them, and apps/server/test/webhook-events.test.ts parses what every producer delivers.
 * Strict objects: a field the portal adds or drops without saying so here fails that test.
 */
import { z } from 'zod';
import { isoDate } from '../api/common.ts';
import { HelperScope } from '../api/helpers.ts';
import { HOME_SERVICE_TYPES } from '../api/reimbursement.ts';

/** A submitted file: fetch Url with an API key holding files:read. */
export const ProviderEventFile = z.strictObject({ FileId: z.string(), Filename: z.string(), Url: z.string() });
export type ProviderEventFile = z.infer<typeof ProviderEventFile>;

/** Sent by someone who helps the claimant (decision 041); absent when the claimant did it. */
const ActedBy = z.strictObject({ HelperReference: z.string(), Name: z.string() }).optional();

/** What every submission carries before its own fields. */
const submission = {
  FormId: z.string(),
  /** The submission's id: a decision or a payment names it. */
  SentItemId: z.string(),
  /** The earlier submission of this claim it answers ("more information needed"). */
  RespondsTo: z.string().optional(),
  ActedBy,
};
const files = z.array(ProviderEventFile);

export const DocumentsEventData = z.strictObject({
  ...submission,
  /** The DocumentFormTypes item, as the portal's list names it ('' when none was chosen). */
  DocumentType: z.string(),
  Description: z.string(),
  Files: files,
});

/** Each receipt as the claimant entered it, with its Amount and its Description text (label: value lines). */
const receiptDetails = { Date: z.string(), Amount: z.string(), Description: z.string() };
const ProviderReceipt = z.discriminatedUnion('Kind', [
  z.strictObject({ Kind: z.literal('Pharmacy'), ...receiptDetails, Pharmacy: z.string(), Cost: z.string() }),
  z.strictObject({
    Kind: z.literal('Home services'),
    ...receiptDetails,
    Duration: z.string(),
    Provider: z.string(),
    ServiceType: z.enum(HOME_SERVICE_TYPES),
    Notes: z.string(),
  }),
  z.strictObject({ Kind: z.literal('Other'), ...receiptDetails, Provider: z.string(), Cost: z.string() }),
]);

const bank = { BankName: z.string(), BankAccName: z.string(), BankBSB: z.string(), BankAccNoLast4: z.string() };
/** Whom the claimant asks us to pay. */
export const ProviderEventPayee = z.discriminatedUnion('Kind', [
  /** The claimant's account on record (its full number is the claims system's own). */
  z.strictObject({
    Kind: z.literal('claimant'),
    ...bank,
    BankName: z.string().nullable(),
    BankAccName: z.string().nullable(),
  }),
  /** Someone else who paid: who they are and their whole account number. */
  z.strictObject({
    Kind: z.literal('someone-else'),
    Name: z.string(),
    Address: z.string(),
    Email: z.string(),
    Phone: z.string(),
    Relationship: z.string(),
    ...bank,
    BankAccNo: z.string(),
  }),
  z.strictObject({ Kind: z.literal('provider') }),
]);

export const ReimbursementEventData = z.strictObject({
  ...submission,
  Payee: ProviderEventPayee,
  Receipts: z.array(ProviderReceipt),
  /** The total in words ('$1,234.50') and in cents. */
  Total: z.string(),
  TotalCents: z.number().int(),
  Files: files,
});

export const EnquiryEventData = z.strictObject({
  ...submission,
  /** The ContactCategories item; CustomCategory is what the claimant typed for 'Other' ('' otherwise). */
  Category: z.string(),
  CustomCategory: z.string(),
  Message: z.string(),
  Files: files,
});

export const AuthorityFormEventData = z.strictObject({
  ...submission,
  /** The signed PDF: fetch /provider/v1/files/{FileId} with files:read. */
  FileId: z.string(),
  SignatureMethod: z.enum(['drawn', 'typed']),
});

export const PersonalDetailsRequestEventData = z.strictObject({
  ...submission,
  FirstName: z.string(),
  MiddleNames: z.string(),
  Surname: z.string(),
  DateOfBirth: isoDate,
  /** The UpdatePersonalReason item; OtherReason is what the claimant typed for 'Other' ('' otherwise). */
  Reason: z.string(),
  OtherReason: z.string(),
  Files: files,
});

export const SelfAssessmentEventData = z.strictObject({
  FormID: z.string(),
  /** Without the terms accepted, no answers are sent. */
  AcceptedTerms: z.boolean(),
  Answers: z.array(z.strictObject({ QuestionId: z.number().int(), Value: z.string() })),
});

/** At activation: what the registrant typed, unconfirmed (decision 023); Verified is false for an address entered by hand. */
export const RegistrationDetailsEventData = z.strictObject({
  EmailAddress: z.string().nullable(),
  MobileNumber: z.string().nullable(),
  HomeAddress: z.string(),
  PostalAddress: z.string(),
  HomeAddressVerified: z.boolean(),
  PostalAddressVerified: z.boolean(),
  ContactsConfirmed: z.literal(false),
});

export const ACCOUNT_CHANGES = ['preferences', 'password', 'bank-details', 'contact-details'] as const;
/** A change the claimant made to their own details, each value masked as in the audit trail. */
export const AccountChangeEventData = z.strictObject({
  Change: z.enum(ACCOUNT_CHANGES),
  Changes: z.record(z.string(), z.strictObject({ from: z.string(), to: z.string() })),
  ActedBy,
});

export const HELPER_CHANGES = [
  'invited',
  'withdrawn',
  'accepted',
  'ended',
  'left',
  'removed-all',
  'lapsed',
  'appointed',
  'changed',
] as const;
/**
 * Who may act on a claim (decision 041): an invitation made or withdrawn, a grant that starts,
 * changes or ends.
 */
export const HelperChangeEventData = z.strictObject({
  Change: z.enum(HELPER_CHANGES),
  /** The helper's own portal account; null while an invitation's or an appointment's link has not been taken. */
  HelperReference: z.string().nullable(),
  Name: z.string(),
  Scope: HelperScope,
  /** The last day of access, when one was set. */
  EndsOn: isoDate.nullable(),
  /** Why the claims system appointed this helper (appointments only). */
  Basis: z.enum(['guardian', 'attorney', 'administrator', 'other']).optional(),
  /** The claims system's own reference of the appointment, if it gave one. */
  Ref: z.string().nullable().optional(),
});

function envelope<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.strictObject({
    /** The same on every retry: drop a repeat. */
    EventId: z.string(),
    Type: z.literal(type),
    ClaimNumber: z.string(),
    /** The claims system's reference of the claimant; null before PUT /claimants/{ref} named them. */
    ClaimantRef: z.string().nullable(),
    CreatedAt: z.iso.datetime(),
    Data: data,
  });
}

/** Every event the webhook receives, by its Type. */
export const ProviderEvent = z.discriminatedUnion('Type', [
  envelope('documents', DocumentsEventData),
  envelope('reimbursement', ReimbursementEventData),
  envelope('enquiry', EnquiryEventData),
  envelope('authority-form', AuthorityFormEventData),
  envelope('personal-details-request', PersonalDetailsRequestEventData),
  envelope('self-assessment', SelfAssessmentEventData),
  envelope('registration-details', RegistrationDetailsEventData),
  envelope('account-change', AccountChangeEventData),
  envelope('helper-change', HelperChangeEventData),
]);
export type ProviderEvent = z.infer<typeof ProviderEvent>;
export type ProviderEventType = ProviderEvent['Type'];
export type ProviderEventData<T extends ProviderEventType> = Extract<ProviderEvent, { Type: T }>['Data'];

/** What each event says, in a line (the OpenAPI document's webhooks and docs/provider-integration.md). */
export const PROVIDER_EVENT_SUMMARIES: Record<ProviderEventType, string> = {
  documents: 'The claimant (or their helper) sent documents',
  reimbursement: 'A reimbursement claim: its receipts, the total, whom to pay and the receipt files',
  enquiry: 'A message sent with contact us, with its files',
  'authority-form': 'The signed authority to release information (a PDF)',
  'personal-details-request': 'A request to change names or date of birth, waiting for a decision',
  'self-assessment': 'The self-assessment survey’s answers',
  'registration-details': 'At activation: the contacts and addresses the registrant typed, unconfirmed',
  'account-change':
    'The claimant changed their contact details, bank details, preferences or password (masked); ' +
    'ActedBy when a helper with Act changed their landline or addresses',
  'helper-change': 'Someone who helps the claimant gained, changed or lost access to the claim',
};
