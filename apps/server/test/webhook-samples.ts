/** One event of each Type as the claims system receives it (the shapes of the contracts' ProviderEvent). */
import type { ProviderEvent, ProviderEventType } from '@portal/contracts';

const file = { FileId: 'f1', Filename: 'letter.pdf', Url: 'https://portal.test/provider/v1/files/f1' };
const sent = { FormId: 'form-1', SentItemId: 'sent-1' };
const DATA: { [T in ProviderEventType]: Extract<ProviderEvent, { Type: T }>['Data'] } = {
  documents: { ...sent, DocumentType: 'Medical certificate', Description: 'From Dr Lee', Files: [file] },
  reimbursement: {
    ...sent,
    ActedBy: { HelperReference: 'acc-2', Name: 'Sam Citizen' },
    Payee: {
      Kind: 'someone-else',
      Name: 'Lee Citizen',
      Address: '1 Main Road, GEELONG VIC 3220',
      Email: 'lee@example.com',
      Phone: '',
      Relationship: 'Partner',
      BankName: 'Commonwealth Bank of Australia',
      BankAccName: 'Lee Citizen',
      BankBSB: '063-000',
      BankAccNoLast4: '4321',
      BankAccNo: '987654321',
    },
    Receipts: [
      {
        Kind: 'Pharmacy',
        Date: '20/11/2026',
        Amount: '$12.50',
        Description: 'Receipt type: Pharmacy',
        Pharmacy: 'Chemist',
        Cost: '$12.50',
      },
    ],
    Total: '$12.50',
    TotalCents: 1250,
    Files: [file],
  },
  enquiry: { ...sent, RespondsTo: 'sent-0', Category: 'Payments', CustomCategory: '', Message: 'When?', Files: [] },
  'authority-form': { ...sent, FileId: 'f2', SignatureMethod: 'typed' },
  'personal-details-request': {
    ...sent,
    FirstName: 'Sam',
    MiddleNames: '',
    Surname: 'Married-Name',
    DateOfBirth: '1985-02-01',
    Reason: 'Marriage',
    OtherReason: '',
    Files: [file],
  },
  'self-assessment': { FormID: 'survey-1', AcceptedTerms: true, Answers: [{ QuestionId: 1, Value: 'yes' }] },
  'registration-details': {
    EmailAddress: 'jordan@example.org',
    MobileNumber: null,
    HomeAddress: '100 Bourke Street, MELBOURNE VIC 3000',
    PostalAddress: '100 Bourke Street, MELBOURNE VIC 3000',
    HomeAddressVerified: true,
    PostalAddressVerified: false,
    ContactsConfirmed: false,
  },
  'account-change': { Change: 'preferences', Changes: { SMS: { from: 'no', to: 'yes' } } },
  'helper-change': {
    Change: 'appointed',
    HelperReference: 'acc-2',
    Name: 'Sam Citizen',
    Scope: 'Act',
    EndsOn: null,
    Basis: 'guardian',
    Ref: null,
  },
};

export function sampleEvent<T extends ProviderEventType>(type: T) {
  return {
    EventId: 'event-1',
    Type: type,
    ClaimNumber: '21/45678',
    ClaimantRef: 'CL-1001',
    CreatedAt: '2026-11-21T10:00:00.000Z',
    Data: DATA[type],
  };
}
