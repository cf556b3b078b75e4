import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SubmitReimbursementRequest,
  amountCents,
  describeReceipt,
  formatAmount,
  parseDescription,
  readReceipt,
  receiptSchemas,
  serializeDescription,
} from '../src/index.ts';

const TODAY = '2026-11-21';
const { receipt } = receiptSchemas(() => TODAY);
const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('amounts', () => {
  it.each([
    ['12', '$12.00'],
    ['$12', '$12.00'],
    ['12.5', '12.5'],
    ['12.50', '$12.50'],
    ['$0.99', '$0.99'],
    ['abc', 'abc'],
    [' 7 ', '$7.00'],
  ])('formats %j on blur as %j', (typed, shown) => expect(formatAmount(typed)).toBe(shown));
  it('adds up in cents', () => expect(amountCents('$12.50') + amountCents('7')).toBe(1950));
});

describe('receipt rules', () => {
  const pharmacy = { Kind: 'Pharmacy', Date: '20/11/2026', Description: '', Pharmacy: 'Chemist', Cost: '12.50' };
  const home = {
    Kind: 'Home services',
    Date: '01/11/2026',
    Duration: '3',
    Provider: 'Jo Cleaner',
    ServiceType: 'Cleaning',
    Amount: '90',
    Notes: '',
  };
  const other = { Kind: 'Other', Date: '01/11/2026', Description: 'Taxi', Provider: 'Cab Co', Cost: '$40.00' };
  it('accepts each kind and formats the amount', () => {
    expect(receipt.parse({ ...pharmacy, Cost: '12.50' })).toMatchObject({ Cost: '$12.50' });
    expect(receipt.parse(home)).toMatchObject({ Amount: '$90.00' });
    expect(receipt.parse(other)).toMatchObject({ Cost: '$40.00' });
  });
  it.each([
    ['a date after today', { ...pharmacy, Date: '22/11/2026' }, MESSAGES.receiptDateInvalid],
    ['a date that does not exist', { ...pharmacy, Date: '31/02/2026' }, MESSAGES.receiptDateInvalid],
    ['a date with a 2-digit year', { ...pharmacy, Date: '01/02/26' }, MESSAGES.receiptDateYearInFull],
    ['no pharmacy', { ...pharmacy, Pharmacy: ' ' }, MESSAGES.pharmacyProviderInvalid],
    ['a pharmacy over 150', { ...pharmacy, Pharmacy: 'p'.repeat(151) }, MESSAGES.pharmacyProviderInvalid],
    ['a cost that is not an amount', { ...pharmacy, Cost: '12.5' }, MESSAGES.amountInvalid],
    ['a description over 1000', { ...pharmacy, Description: 'd'.repeat(1001) }, MESSAGES.descriptionTooLong],
    ['no duration', { ...home, Duration: '' }, MESSAGES.durationInvalid],
    ['a home provider over 100', { ...home, Provider: 'p'.repeat(101) }, MESSAGES.homeProviderInvalid],
    ['an unknown service type', { ...home, ServiceType: 'Cooking' }, MESSAGES.serviceTypeRequired],
    ['notes over 1000', { ...home, Notes: 'n'.repeat(1001) }, MESSAGES.notesTooLong],
    ['no provider on other', { ...other, Provider: '' }, MESSAGES.pharmacyProviderInvalid],
    ['an unknown kind', { ...other, Kind: 'Dental' }, MESSAGES.receiptTypeRequired],
  ])('refuses %s', (_label, value, message) => expect(messagesOf(receipt.safeParse(value))).toEqual([message]));
  it("keeps the spec's spelling of the provider message", () =>
    expect(MESSAGES.pharmacyProviderInvalid).toBe('Please specify serivce provider details (max 150 characters)'));
});

describe('the submission', () => {
  const base = {
    FormId: 'f',
    IdempotencyKey: 'key-12345',
    PayOther: 0,
    Receipts: [{ Kind: 'Other', Date: '01/11/2026', Description: '', Provider: 'Cab', Cost: '10' }],
    Agreed: true,
    Documents: [{ Filename: 'a.pdf', FileID: '1' }],
  };
  it.each([
    ['no payee choice', { PayOther: undefined }, MESSAGES.payeeRequired],
    ['no agreement', { Agreed: false }, MESSAGES.disclaimerRequired],
    ['no documents', { Documents: [] }, MESSAGES.noDocumentsUploaded],
    ['no receipts', { Receipts: [] }, MESSAGES.receiptRequired],
  ])('refuses %s', (_label, change, message) =>
    expect(messagesOf(SubmitReimbursementRequest.safeParse({ ...base, ...change }))).toContain(message),
  );
  it('needs the payee when someone else is paid, with a real BSB and account number', () => {
    expect(messagesOf(SubmitReimbursementRequest.safeParse({ ...base, PayOther: 1 }))).toContain(
      MESSAGES.payeeNameInvalid,
    );
    const payee = {
      PaymentName: 'Lee',
      PaymentAddress: '1 Main St',
      PaymentEmail: 'lee@example.com',
      PaymentRelationship: 'Partner',
      BankAccName: 'Lee',
      BankBSB: '06300',
      BankAccNo: '12345',
    };
    expect(messagesOf(SubmitReimbursementRequest.safeParse({ ...base, PayOther: 1, Payee: payee }))).toEqual([
      MESSAGES.bsbInvalid,
      MESSAGES.accountNumberInvalid,
    ]);
    expect(
      SubmitReimbursementRequest.parse({
        ...base,
        PayOther: 1,
        Payee: { ...payee, BankBSB: '063000', BankAccNo: '123456' },
      }).Payee?.BankBSB,
    ).toBe('063-000');
  });
});

describe('sub-form description text', () => {
  it('round-trips any labels and values, markers and backslashes included', () => {
    const label = fc.string().filter((s) => !s.includes(': ') && !s.includes('\n') && !s.endsWith(':'));
    fc.assert(
      fc.property(fc.array(fc.tuple(label, fc.string()), { minLength: 1 }), (pairs) => {
        expect(parseDescription(serializeDescription(pairs))).toEqual(pairs);
      }),
      { numRuns: 500 },
    );
  });
  it('reads a receipt back from its text', () => {
    const r = {
      Kind: 'Home services' as const,
      Date: '01/11/2026',
      Duration: '3',
      Provider: 'Jo: "Cleaner"\nPty\\Ltd',
      ServiceType: 'Cleaning',
      Amount: '$90.00',
      Notes: 'Line one\nLine two',
    };
    const text = describeReceipt(r);
    expect(text.split('\n')[0]).toBe('Receipt type: Home services');
    expect(readReceipt(text)).toEqual(r);
    expect(readReceipt('nonsense')).toBeNull();
  });
});
