/**
 * The reimbursement form: the edit and review steps keep what was typed, the pay-who
 * branches and their messages, adding and removing receipts, the total, a saved draft restored
 * (step, payee, receipts), the Submit rule and the request it sends, drafts, discard.
 */
import {
  LIMITS,
  MESSAGES,
  describeReceipt,
  formatDisplayDate,
  reimbursementPayBy,
  type Account,
} from '@portal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fromDraft,
  newClaim,
  toDraft,
  totalCents,
  validateClaim,
  type ClaimValues,
} from '../src/features/reimbursement/lib/claim.ts';
import { DISCARD_MESSAGE, RESTORED_MESSAGE } from '../src/features/reimbursement/pages/reimbursement-page.tsx';
import { draftMirrorKey, setDraftMirrorStorage } from '../src/lib/forms/draft-mirror.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer, type Call } from './helpers.ts';
import { memoryStorage } from './memory-draft-storage.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  vi.useRealTimers();
  app?.cleanup();
  app = undefined;
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));

const ACCOUNT: Account = accountFixture({
  PersonalDetails: { Title: 4, FirstName: 'Sam', Surname: 'Single', DateOfBirth: '1990-01-30' },
  ContactDetails: { EmailAddress: 'sam@example.com', MobileNumber: '0423456789' },
  BankAccountDetails: {
    BankName: 'Westpac Banking Corporation',
    AccountName: 'Sam Single',
    Bsb: '033-001',
    AccountNumber: '*****5432',
  },
});

/** The claimant's own bank details as shown (read only): each term and what it says. */
const OWN_BANK_ROWS = [
  ['Bank', 'Westpac Banking Corporation'],
  ['Account name', 'Sam Single'],
  ['BSB', '033-001'],
  ['Account number', '*****ending in 5432'],
];

function ownBankRows(list: HTMLElement): string[][] {
  return Array.from(list.querySelectorAll('dt')).map((term) => [
    term.textContent ?? '',
    term.nextElementSibling?.textContent ?? '',
  ]);
}

const RECEIPT_TYPES = [
  { ElementNumber: 1, Id: 1, Item: 'Pharmacy' },
  { ElementNumber: 2, Id: 2, Item: 'Home services' },
  { ElementNumber: 3, Id: 3, Item: 'Other' },
];

const ADDRESS = {
  Moniker: 'GAVIC9',
  PartialAddress: '1 MAIN ROAD, GEELONG VIC 3220',
  Picklist: 'x',
  Postcode: '3220',
  Score: 100,
};

const SAVE = '/api/documentupload/updateform/reimbursement';
const GET = '/api/documentupload/getdraft/reimbursement';
const DISCARD = '/api/documentupload/discarddraft/reimbursement';
const SUBMIT = '/api/documentupload/submitreceipts';

const PHARMACY = {
  Kind: 'Pharmacy' as const,
  Date: '15/03/2024',
  Description: 'Pain relief',
  Pharmacy: 'Main St Chemist',
  Cost: '$12.50',
};
const HOME = {
  Kind: 'Home services' as const,
  Date: '10/03/2024',
  Duration: '3',
  Provider: 'Jo Cleaner',
  ServiceType: 'Cleaning',
  Amount: '$90.00',
  Notes: '',
};
const PAYEE = {
  PaymentName: 'Lee Citizen',
  PaymentAddress: ADDRESS.PartialAddress,
  PaymentEmail: 'lee@example.com',
  PaymentRelationship: 'Partner',
  BankAccName: 'Lee Citizen',
  BankBSB: '063-000',
  BankAccNo: '987654321',
};
const FILE = { Filename: 'receipt.pdf', FileID: 'F1' };

function draftAnswer(draft: Record<string, unknown>) {
  return {
    status: 200,
    body: { FormId: 'form-9', UpdatedAt: '2026-11-20T09:00:00Z', Draft: { Documents: [FILE], ...draft } },
  };
}

function reimbursementServer(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: SELECTED },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: ACCOUNT },
    '/api/dropdownlistdatasource/list': (call: Call) => ({
      status: 200,
      body: { Items: call.body?.ListType === 'ReceiptTypes' ? RECEIPT_TYPES : [] },
    }),
    '/api/addresslookup/AddressLookup': { status: 200, body: [ADDRESS] },
    '/api/account/verifybsb': (call: Call) => ({
      status: 200,
      body: { BankName: call.body?.Bsb === '063-000' ? 'Commonwealth Bank of Australia' : '' },
    }),
    [GET]: { status: 200, body: null },
    [SAVE]: { status: 200, body: { FormId: 'form-9', UpdatedAt: '2026-11-21T10:00:00Z', Submitted: false } },
    ...extra,
  });
}

const byTestId = <T extends HTMLElement = HTMLInputElement>(id: string) => screen.getByTestId(id) as T;
const receipts = () => screen.getAllByTestId('receipt');

/** Types into a field and leaves it (blur runs the amount and date tidy-ups). */
function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

function fillReceipt(index: number, values: Record<string, string>) {
  const receipt = receipts()[index] as HTMLElement;
  const scope = within(receipt);
  fireEvent.change(scope.getByTestId('receipt-Kind'), { target: { value: values.Kind } });
  for (const [field, value] of Object.entries(values)) {
    if (field === 'Kind') continue;
    type(scope.getByTestId(`receipt-${field}`), value);
  }
}

async function open(path = '/reimbursementform') {
  saveLoginToken('t', false);
  app = renderApp(path);
  await screen.findByTestId('reimbursement-form');
  // The receipt types are loaded once the form shows.
  await waitFor(() =>
    expect((receipts()[0] as HTMLElement).querySelectorAll('[data-testid="receipt-Kind"] option')).toHaveLength(4),
  );
}

async function answerConfirm(button: 'confirm-yes' | 'confirm-no', text?: string) {
  const dialog = await screen.findByTestId('confirm-dialog', {}, { timeout: 5000 });
  if (text) expect(dialog.textContent).toContain(text);
  // A person needs more than 50 ms to answer (spec 001 §4).
  await new Promise((r) => setTimeout(r, 80));
  fireEvent.click(screen.getByTestId(button));
  await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
}

const step = () => screen.getByTestId('reimbursement-page').getAttribute('data-step');

describe('the claim model (contracts rules, draft text)', () => {
  const claim = (over: Partial<ClaimValues> = {}): ClaimValues => ({ ...newClaim(), ...over });

  it('keeps each receipt as its description text and reads it back', () => {
    const values = fromDraft({
      Step: 'review',
      PayOther: 1,
      Payee: PAYEE,
      Receipts: [{ Text: describeReceipt(PHARMACY) }, { Text: describeReceipt(HOME) }],
      Agreed: true,
      Documents: [FILE],
    });
    expect(values.receipts.map((r) => r.kind)).toEqual(['Pharmacy', 'Home services']);
    expect(values.receipts[1]?.values).toMatchObject({
      Provider: 'Jo Cleaner',
      ServiceType: 'Cleaning',
      Amount: '$90.00',
    });
    const draft = toDraft(values);
    expect(draft.Receipts).toEqual([{ Text: describeReceipt(PHARMACY) }, { Text: describeReceipt(HOME) }]);
    // Someone else's account number never goes into a draft.
    const { BankAccNo: _accountNumber, ...withoutAccountNumber } = PAYEE as Record<string, string>;
    expect(draft).toMatchObject({
      Step: 'review',
      PayOther: 1,
      Payee: withoutAccountNumber,
      Agreed: true,
      Documents: [FILE],
    });
    expect(draft.Payee).not.toHaveProperty('BankAccNo');
  });

  it('adds up the amounts that are amounts', () => {
    const values = fromDraft({
      Step: 'edit',
      PayOther: null,
      Payee: {},
      Receipts: [
        { Text: describeReceipt(PHARMACY) },
        { Text: describeReceipt({ ...HOME, Amount: '90' }) },
        { Text: describeReceipt({ ...PHARMACY, Cost: '12.5' }) },
      ],
      Agreed: false,
      Documents: [],
    });
    expect(totalCents(values.receipts)).toBe(10250);
  });

  it('asks who to pay, for a receipt type and a document; bank details to pay me; the payee rules and a BSB that is a bank', () => {
    const empty = claim();
    expect(validateClaim(empty, { ownBank: 'present', bsbLookup: null }, 'edit')).toEqual({
      PayOther: MESSAGES.payeeRequired,
      [`Receipt.${empty.receipts[0]?.key ?? ''}.Kind`]: MESSAGES.receiptTypeRequired,
      Documents: MESSAGES.noDocumentsUploaded,
    });
    const me = fromDraft({
      Step: 'edit',
      PayOther: 0,
      Payee: {},
      Receipts: [{ Text: describeReceipt(PHARMACY) }],
      Agreed: false,
      Documents: [FILE],
    });
    expect(validateClaim(me, { ownBank: 'present', bsbLookup: null }, 'edit')).toEqual({});
    expect(validateClaim(me, { ownBank: 'none', bsbLookup: null }, 'edit')).toEqual({
      PayOther: MESSAGES.bankDetailsNotFound,
    });
    // A claim managed by the State Trustees is not sent to My Details, where it cannot add them.
    expect(validateClaim(me, { ownBank: 'trustee-none', bsbLookup: null }, 'edit')).toEqual({
      PayOther: 'Choose your provider or someone else to pay: we pay the State Trustees, not you',
    });
    expect(validateClaim(me, { ownBank: 'present', bsbLookup: null }, 'submit')).toEqual({
      Agreed: MESSAGES.disclaimerRequired,
    });
    const other = {
      ...me,
      payOther: 1 as const,
      payee: { ...me.payee, ...PAYEE, PaymentEmail: 'lee', BankAccNo: '123' },
    };
    expect(validateClaim(other, { ownBank: 'present', bsbLookup: null }, 'edit')).toEqual({
      'Payee.PaymentEmail': MESSAGES.emailInvalid,
      'Payee.BankAccNo': MESSAGES.accountNumberInvalid,
    });
    const unknownBank = { ...other, payee: { ...other.payee, PaymentEmail: 'lee@example.com', BankAccNo: '123456' } };
    expect(
      validateClaim(unknownBank, { ownBank: 'present', bsbLookup: { bsb: '063-000', state: 'invalid' } }, 'edit'),
    ).toEqual({ 'Payee.BankBSB': 'We cannot find a bank with BSB 063-000. Check the BSB and try again.' });
  });
});

describe('/reimbursementform', () => {
  it("branches on who to pay: my masked bank details, someone else's fields, the provider's messages", async () => {
    reimbursementServer();
    await open();
    expect(screen.getByTestId('reimbursement-pay-branch').textContent).toBe('');
    fireEvent.click(byTestId('reimbursement-pay-me'));
    const mine = await screen.findByTestId('reimbursement-own-bank');
    expect(within(mine).getByTestId('reimbursement-own-bsb').textContent).toBe('033-001');
    expect(within(mine).getByTestId('reimbursement-own-account-number').textContent).toBe('*****ending in 5432');
    expect(mine.textContent).not.toMatch(/98765/);
    expect(screen.getByTestId('reimbursement-change-bank-details').getAttribute('href')).toBe('/activationbankdetails');
    expect(screen.queryByTestId('reimbursement-payee')).toBeNull();

    fireEvent.click(byTestId('reimbursement-pay-provider'));
    const note = screen.getByTestId('reimbursement-provider-note').textContent ?? '';
    expect(note).toContain(MESSAGES.providerCanBill);
    expect(note).toContain(MESSAGES.providerInvoicesNotPaid);
    expect(screen.queryByTestId('reimbursement-own-bank')).toBeNull();

    fireEvent.click(byTestId('reimbursement-pay-someone-else'));
    // Every field of the person to pay, labelled, empty, and required but for the phone.
    for (const [field, label] of [
      ['PaymentName', 'Their full name'],
      ['PaymentAddress', 'Their postal address'],
      ['PaymentEmail', 'Their email address'],
      ['PaymentPhone', 'Their phone number (optional)'],
      ['PaymentRelationship', 'Their relationship to you'],
      ['BankAccName', 'Bank account name'],
      ['BankBSB', 'BSB'],
      ['BankAccNo', 'Account number'],
    ] as const) {
      const input = screen.getByTestId(`reimbursement-payee-${field}`) as HTMLInputElement;
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBe(input);
      expect(input.value).toBe('');
    }
    const phone = screen.getByLabelText('Their phone number (optional)');
    expect(phone).toBe(screen.getByTestId('reimbursement-payee-PaymentPhone'));
    expect(phone.getAttribute('aria-required')).toBeNull();
    expect(screen.getByTestId('reimbursement-payee-PaymentEmail').getAttribute('aria-required')).toBe('true');
    // The BSB is looked up when left, and shown as nnn-nnn with its bank.
    type(byTestId('reimbursement-payee-BankBSB'), '063000');
    expect(byTestId('reimbursement-payee-BankBSB').value).toBe('063-000');
    expect((await screen.findByTestId('reimbursement-payee-bank-name-value')).textContent).toBe(
      'Commonwealth Bank of Australia',
    );
    type(byTestId('reimbursement-payee-BankBSB'), '999999');
    await waitFor(() => expect(screen.queryByTestId('reimbursement-payee-bank-name-value')).toBeNull());
  });

  it.each([
    [
      'bank editing allowed: the way to add them',
      { BankDetailsCanEdit: true, IsStateTrustee: false },
      'reimbursement-add-bank-details',
      null,
    ],
    ['in the first 48 hours', { BankDetailsCanEdit: false, IsStateTrustee: false }, null, MESSAGES.bankLocked48h],
  ])('without bank details, "me" says they are not found — %s', async (_label, flags, link, lock) => {
    reimbursementServer({
      '/api/account/getaccount': { status: 200, body: { ...ACCOUNT, BankAccountDetails: null, ...flags } },
    });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-me'));
    const box = await screen.findByTestId('reimbursement-bank-not-found');
    expect(box.textContent).toContain(MESSAGES.bankDetailsNotFound);
    if (link) expect(screen.getByTestId(link).getAttribute('href')).toBe('/activationbankdetails');
    else expect(screen.queryByTestId('reimbursement-add-bank-details')).toBeNull();
    if (lock) expect(screen.getByTestId('reimbursement-bank-locked').textContent).toBe(lock);
    // Next does not go on: the same message, tied to the choice.
    fireEvent.click(byTestId('reimbursement-next'));
    expect((await screen.findByTestId('reimbursement-errors')).textContent).toContain(MESSAGES.bankDetailsNotFound);
    expect(byTestId('reimbursement-pay-me').getAttribute('aria-describedby')).toBe('reimbursement-pay-error');
    expect(step()).toBe('edit');
  });

  it('without bank details on a claim managed by the State Trustees, "me" says once who is paid and whom to contact', async () => {
    reimbursementServer({
      '/api/account/getaccount': {
        status: 200,
        body: { ...ACCOUNT, BankAccountDetails: null, BankDetailsCanEdit: false, IsStateTrustee: true },
      },
    });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-me'));
    const box = await screen.findByTestId('reimbursement-bank-trustee');
    expect(box.textContent).toBe(
      'Your claim is managed by the State Trustees. We make your payments to the State Trustees, not to you.' +
        'To be paid back for these costs, contact the State Trustees or call us on 1300 654 329.',
    );
    expect(within(box).getByRole('link', { name: '1300 654 329' }).getAttribute('href')).toBe('tel:1300654329');
    // Not spec 001's 'please update on the Personal details screen': that screen cannot add them.
    expect(screen.queryByTestId('reimbursement-bank-not-found')).toBeNull();
    expect(screen.queryByTestId('reimbursement-add-bank-details')).toBeNull();
    expect(document.body.textContent).not.toContain('Personal details screen');
    fireEvent.click(byTestId('reimbursement-next'));
    expect((await screen.findByTestId('reimbursement-errors')).textContent).toContain(
      'Choose your provider or someone else to pay: we pay the State Trustees, not you',
    );
    expect(document.body.textContent).not.toContain('Personal details screen');
    expect(step()).toBe('edit');
  });

  it('with bank details on a claim managed by the State Trustees, shows them, why they cannot change and whom to contact', async () => {
    reimbursementServer({
      '/api/account/getaccount': { status: 200, body: { ...ACCOUNT, BankDetailsCanEdit: false, IsStateTrustee: true } },
    });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-me'));
    expect(ownBankRows(await screen.findByTestId('reimbursement-own-bank'))).toEqual(OWN_BANK_ROWS);
    const lock = screen.getByTestId('reimbursement-bank-locked');
    expect(lock.textContent).toBe(
      "Bank account details can't be edited on your claim because it is managed by the State Trustees. " +
        'To ask about a payment or your bank details, contact the State Trustees or call us on 1300 654 329.',
    );
    expect(within(lock).getByRole('link', { name: '1300 654 329' }).getAttribute('href')).toBe('tel:1300654329');
  });

  it('with bank details but in the first 48 hours, shows them and why they cannot be changed', async () => {
    reimbursementServer({
      '/api/account/getaccount': { status: 200, body: { ...ACCOUNT, BankDetailsCanEdit: false } },
    });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-me'));
    expect(ownBankRows(await screen.findByTestId('reimbursement-own-bank'))).toEqual(OWN_BANK_ROWS);
    expect(screen.getByTestId('reimbursement-bank-locked').textContent).toBe(MESSAGES.bankLocked48h);
    expect(screen.queryByTestId('reimbursement-change-bank-details')).toBeNull();
  });

  it('Next lists every problem, each tied to its field; nothing moves on', async () => {
    reimbursementServer();
    await open();
    fireEvent.click(byTestId('reimbursement-next'));
    const errors = await screen.findByTestId('reimbursement-errors');
    expect(errors.textContent).toContain('There are 3 errors in this form');
    for (const message of [
      MESSAGES.payeeRequired,
      `Receipt 1: ${MESSAGES.receiptTypeRequired}`,
      MESSAGES.noDocumentsUploaded,
    ])
      expect(errors.textContent).toContain(message);
    expect(
      within(receipts()[0] as HTMLElement)
        .getByTestId('receipt-Kind')
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(byTestId('reimbursement-upload-input').getAttribute('aria-invalid')).toBe('true');
    expect(step()).toBe('edit');

    // Who to pay follows the one error pattern: the summary's entry is the group's message, word for
    // word, and links to the first choice; every choice is invalid and described by that message.
    const entry = within(errors).getByText(MESSAGES.payeeRequired);
    expect(entry.getAttribute('href')).toBe('#reimbursement-pay-me');
    const group = byTestId('reimbursement-pay-who');
    for (const radio of within(group).getAllByRole('radio')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(radio.getAttribute('aria-required')).toBeNull();
      expect(document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        `Error: ${MESSAGES.payeeRequired}`,
      );
    }
    fireEvent.click(byTestId('reimbursement-pay-provider'));
    await waitFor(() => expect(byTestId('reimbursement-pay-me').getAttribute('aria-invalid')).toBeNull());

    fillReceipt(0, { Kind: 'Pharmacy', Date: '01/01/2099', Pharmacy: '', Cost: '12.5' });
    fireEvent.click(byTestId('reimbursement-next'));
    await waitFor(() =>
      expect(screen.getByTestId('reimbursement-errors').textContent).toContain(
        `Receipt 1: ${MESSAGES.receiptDateInvalid}`,
      ),
    );
    const text = screen.getByTestId('reimbursement-errors').textContent ?? '';
    expect(text).toContain(`Receipt 1: ${MESSAGES.pharmacyProviderInvalid}`);
    expect(text).toContain(`Receipt 1: ${MESSAGES.amountInvalid}`);
    const cost = within(receipts()[0] as HTMLElement).getByTestId('receipt-Cost');
    expect(cost.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(cost.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent,
    ).toContain(MESSAGES.amountInvalid);
    // The summary's entry links to the field.
    const link = within(screen.getByTestId('reimbursement-errors')).getByText(`Receipt 1: ${MESSAGES.amountInvalid}`);
    expect(link.getAttribute('href')).toBe(`#${cost.id}`);
  });

  it('adds receipts, removes an empty one without asking and a filled one after asking; formats amounts; totals them', async () => {
    reimbursementServer();
    await open();
    fillReceipt(0, { Kind: 'Pharmacy', Date: '15/03/2024', Pharmacy: 'Main St Chemist', Cost: '12.5' });
    // 12.5 is not an amount: left as typed, and not counted.
    expect(within(receipts()[0] as HTMLElement).getByTestId<HTMLInputElement>('receipt-Cost').value).toBe('12.5');
    expect(byTestId('reimbursement-total').textContent).toBe('Total so far$0.00');
    type(within(receipts()[0] as HTMLElement).getByTestId('receipt-Cost'), '12.50');
    expect(within(receipts()[0] as HTMLElement).getByTestId<HTMLInputElement>('receipt-Cost').value).toBe('$12.50');

    fireEvent.click(byTestId('reimbursement-add-receipt'));
    expect(receipts()).toHaveLength(2);
    // Focus goes to the new receipt's first question.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(receipts()[1] as HTMLElement).getByTestId('receipt-Kind')),
    );
    expect(screen.getByTestId('reimbursement-receipt-status').textContent).toBe('Receipt 2 added');
    fillReceipt(1, {
      Kind: 'Home services',
      Date: '10/03/2024',
      Duration: '3',
      Provider: 'Jo Cleaner',
      ServiceType: 'Cleaning',
      Amount: '90',
    });
    expect(within(receipts()[1] as HTMLElement).getByTestId<HTMLInputElement>('receipt-Amount').value).toBe('$90.00');
    expect(byTestId('reimbursement-total').textContent).toBe('Total so far$102.50');
    expect(within(receipts()[1] as HTMLElement).getByTestId('receipt-legend').textContent).toBe(
      'Receipt 2: Home services',
    );

    // An empty third one goes at once.
    fireEvent.click(byTestId('reimbursement-add-receipt'));
    expect(receipts()).toHaveLength(3);
    fireEvent.click(within(receipts()[2] as HTMLElement).getByTestId('receipt-remove'));
    expect(receipts()).toHaveLength(2);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(byTestId('reimbursement-add-receipt')));

    // A filled one asks first: No keeps it, Yes removes it.
    fireEvent.click(within(receipts()[0] as HTMLElement).getByTestId('receipt-remove'));
    await answerConfirm('confirm-no', 'Remove receipt 1?');
    expect(receipts()).toHaveLength(2);
    fireEvent.click(within(receipts()[0] as HTMLElement).getByTestId('receipt-remove'));
    await answerConfirm('confirm-yes');
    await waitFor(() => expect(receipts()).toHaveLength(1));
    expect(within(receipts()[0] as HTMLElement).getByTestId('receipt-legend').textContent).toBe(
      'Receipt 1: Home services',
    );
    expect(byTestId('reimbursement-total').textContent).toBe('Total so far$90.00');
  });

  it('Next shows the review with the total and focuses its heading; Edit form goes back with nothing lost', async () => {
    reimbursementServer({ [GET]: draftAnswer({ Step: 'edit' }) });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-someone-else'));
    type(byTestId('reimbursement-payee-PaymentName'), 'Lee Citizen');
    fireEvent.change(byTestId('reimbursement-payee-PaymentAddress'), { target: { value: '1 main' } });
    fireEvent.click(await screen.findByTestId('reimbursement-payee-PaymentAddress-option', {}, { timeout: 2000 }));
    type(byTestId('reimbursement-payee-PaymentEmail'), 'lee@example.com');
    type(byTestId('reimbursement-payee-PaymentRelationship'), 'Partner');
    type(byTestId('reimbursement-payee-BankAccName'), 'Lee Citizen');
    type(byTestId('reimbursement-payee-BankBSB'), '063000');
    type(byTestId('reimbursement-payee-BankAccNo'), '987654321');
    fillReceipt(0, {
      Kind: 'Pharmacy',
      Date: '15/03/2024',
      Description: 'Pain relief',
      Pharmacy: 'Main St Chemist',
      Cost: '12.50',
    });
    fireEvent.click(byTestId('reimbursement-add-receipt'));
    fillReceipt(1, {
      Kind: 'Home services',
      Date: '10/03/2024',
      Duration: '3',
      Provider: 'Jo Cleaner',
      ServiceType: 'Cleaning',
      Amount: '90',
    });

    fireEvent.click(byTestId('reimbursement-next'));
    await waitFor(() => expect(step()).toBe('review'));
    const heading = screen.getByTestId('reimbursement-step-heading');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.textContent).toBe('Step 2 of 2: Check your claim');
    await waitFor(() =>
      expect(screen.getByTestId('reimbursement-step-status').textContent).toBe('Step 2 of 2: Check your claim'),
    );
    expect(byTestId('reimbursement-edit').hidden).toBe(true);
    expect(screen.getAllByTestId('review-receipt').map((r) => r.querySelector('h4')?.textContent)).toEqual([
      'Receipt 1: Pharmacy',
      'Receipt 2: Home services',
    ]);
    expect(screen.getByTestId('review-total').textContent).toBe('Total claimed$102.50');
    expect(screen.getByTestId('review-pay-who').textContent).toBe('Someone else');
    expect(screen.getByTestId('review-payee-bsb').textContent).toBe('063-000 (Commonwealth Bank of Australia)');
    expect(screen.getByTestId('review-payee').textContent).toContain(ADDRESS.PartialAddress);
    expect(screen.getAllByTestId('review-file').map((f) => f.textContent)).toEqual(['receipt.pdf']);

    fireEvent.click(byTestId('reimbursement-edit-form'));
    await waitFor(() => expect(step()).toBe('edit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('reimbursement-step-heading')));
    expect(screen.getByTestId('reimbursement-step-heading').textContent).toBe('Step 1 of 2: Your claim');
    expect(byTestId('reimbursement-payee-PaymentName').value).toBe('Lee Citizen');
    expect(byTestId('reimbursement-payee-PaymentAddress').value).toBe(ADDRESS.PartialAddress);
    expect(byTestId('reimbursement-payee-BankBSB').value).toBe('063-000');
    expect(within(receipts()[1] as HTMLElement).getByTestId<HTMLInputElement>('receipt-Amount').value).toBe('$90.00');
    expect(within(receipts()[0] as HTMLElement).getByTestId<HTMLTextAreaElement>('receipt-Description').value).toBe(
      'Pain relief',
    );
    expect(screen.getAllByTestId('reimbursement-upload-item')).toHaveLength(1);
  });

  it('saves the draft a second after the last change: receipts as their description text, the step and the payee', async () => {
    const server = reimbursementServer({ [GET]: draftAnswer({ Step: 'edit' }) });
    await open();
    // The debounce on a clock the test moves: nothing a moment before the second, the save at it.
    vi.useFakeTimers();
    fireEvent.click(byTestId('reimbursement-pay-me'));
    fillReceipt(0, {
      Kind: 'Pharmacy',
      Date: '15/03/2024',
      Description: 'Pain relief',
      Pharmacy: 'Main St Chemist',
      Cost: '12.50',
    });
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.draftDebounceMs - 1));
    expect(server.callsTo(SAVE)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    expect(server.callsTo(SAVE)[0]?.body).toEqual({
      AccessToken: 't',
      FormId: 'form-9',
      Draft: {
        Step: 'edit',
        PayOther: 0,
        Payee: {},
        Receipts: [{ Text: describeReceipt(PHARMACY) }],
        Agreed: false,
        Documents: [FILE],
      },
    });
    await waitFor(() => expect(screen.getByTestId('reimbursement-draft-status').textContent).toBe('Draft saved'));
    fireEvent.click(byTestId('reimbursement-next'));
    await waitFor(() => expect(step()).toBe('review'));
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(2), { timeout: 2000 });
    expect(server.callsTo(SAVE)[1]?.body).toMatchObject({ Draft: { Step: 'review' } });
  });

  it('restores a saved draft on open: the review step, someone else and every receipt', async () => {
    reimbursementServer({
      [GET]: draftAnswer({
        Step: 'review',
        PayOther: 1,
        Payee: PAYEE,
        Receipts: [{ Text: describeReceipt(PHARMACY) }, { Text: describeReceipt(HOME) }],
        Agreed: false,
      }),
    });
    await open();
    expect(step()).toBe('review');
    expect(screen.getByTestId('reimbursement-step-heading').textContent).toBe('Step 2 of 2: Check your claim');
    expect(screen.getByTestId('review-pay-who').textContent).toBe('Someone else');
    expect(screen.getByTestId('review-payee').textContent).toContain('Lee Citizen');
    expect(screen.getAllByTestId('review-receipt')).toHaveLength(2);
    expect(screen.getByTestId('review-total').textContent).toBe('Total claimed$102.50');
    // The BSB is looked up again for the review.
    await waitFor(() =>
      expect(screen.getByTestId('review-payee-bsb').textContent).toBe('063-000 (Commonwealth Bank of Australia)'),
    );
    fireEvent.click(byTestId('reimbursement-edit-form'));
    await waitFor(() => expect(step()).toBe('edit'));
    expect(byTestId('reimbursement-pay-someone-else').checked).toBe(true);
    expect(byTestId('reimbursement-payee-BankAccNo').value).toBe('987654321');
    expect(receipts().map((r) => r.getAttribute('data-kind'))).toEqual(['Pharmacy', 'Home services']);
    expect(within(receipts()[1] as HTMLElement).getByTestId<HTMLSelectElement>('receipt-ServiceType').value).toBe(
      'Cleaning',
    );
  });

  it('a restored review step that no longer passes the checks opens on the edit step', async () => {
    reimbursementServer({
      [GET]: draftAnswer({
        Step: 'review',
        PayOther: 0,
        Receipts: [{ Text: describeReceipt({ ...PHARMACY, Pharmacy: '' }) }],
      }),
    });
    await open();
    expect(step()).toBe('edit');
    expect(within(receipts()[0] as HTMLElement).getByTestId<HTMLInputElement>('receipt-Cost').value).toBe('$12.50');
  });

  it('Submit is usable only with the agreement; it sends the claim once, with one idempotency key, and thanks', async () => {
    const server = reimbursementServer({
      [GET]: draftAnswer({
        Step: 'review',
        PayOther: 1,
        Payee: { ...PAYEE, BankBSB: '063000', PaymentName: ' Lee Citizen ' },
        Receipts: [
          { Text: describeReceipt({ ...PHARMACY, Cost: '12.50' }) },
          { Text: describeReceipt({ ...HOME, Amount: '90' }) },
        ],
      }),
      [SUBMIT]: { status: 200, body: { SentItemId: 'S1' } },
    });
    await open();
    const submit = byTestId<HTMLButtonElement>('reimbursement-submit');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    // Pressed anyway: it says why, and sends nothing.
    fireEvent.click(submit);
    expect((await screen.findByTestId('reimbursement-errors')).textContent).toContain(MESSAGES.disclaimerRequired);
    expect(byTestId('reimbursement-agreed').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo(SUBMIT)).toHaveLength(0);

    fireEvent.click(byTestId('reimbursement-agreed'));
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(submit);
    fireEvent.click(submit);
    // And a second submit of the form itself (Enter pressed as the first is being sent).
    fireEvent.submit(byTestId('reimbursement-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-reimbursement'));
    const calls = server.callsTo(SUBMIT);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      AccessToken: 't',
      FormId: 'form-9',
      IdempotencyKey: expect.stringMatching(/^.{8,}$/),
      PayOther: 1,
      Payee: { ...PAYEE, PaymentPhone: '' },
      Receipts: [PHARMACY, HOME],
      Agreed: true,
      Documents: [FILE],
    });
    expect(app?.router.state.location.state).toMatchObject({ canEditBankDetails: true, sentItemId: 'S1' });
    const bankLink = await screen.findByTestId('thankyou-bank-details');
    expect(bankLink.textContent).toBe('Check or update your bank details');
    expect(bankLink.getAttribute('href')).toBe('/activationbankdetails');
    // The spec's 10 business days, and the date they end on (sentAt is when the server accepted it).
    const { sentAt } = app?.router.state.location.state as { sentAt: number };
    expect(screen.getByTestId('thankyou-pay-by').textContent).toBe(
      'We check your claim and your receipts. Payments are usually made within 10 business days. ' +
        `If we approve your claim, we aim to pay it by ${formatDisplayDate(reimbursementPayBy(new Date(sentAt)))}.`,
    );
    expect(screen.getByTestId('thankyou-reference').textContent).toBe('S1');
  });

  it('a server answer about a field goes back to the edit step and shows it there', async () => {
    reimbursementServer({
      [GET]: draftAnswer({
        Step: 'review',
        PayOther: 1,
        Payee: PAYEE,
        Receipts: [{ Text: describeReceipt(PHARMACY) }],
        Agreed: true,
      }),
      [SUBMIT]: { status: 225, body: [{ Number: 100, Message: MESSAGES.bsbInvalid, Field: 'Payee.BankBSB' }] },
    });
    await open();
    await waitFor(() => expect(byTestId('reimbursement-submit').getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(byTestId('reimbursement-submit'));
    await waitFor(() => expect(step()).toBe('edit'));
    expect(screen.getByTestId('reimbursement-errors').textContent).toContain(MESSAGES.bsbInvalid);
    expect(byTestId('reimbursement-payee-BankBSB').getAttribute('aria-invalid')).toBe('true');
    expect(app?.pathname()).toBe('/reimbursementform');
  });

  it('Discard asks, deletes the draft and goes to the claim home', async () => {
    const server = reimbursementServer({
      [GET]: draftAnswer({ Step: 'edit', PayOther: 2 }),
      [DISCARD]: { status: 200, body: true },
    });
    await open();
    fireEvent.click(byTestId('reimbursement-discard'));
    await answerConfirm('confirm-no', DISCARD_MESSAGE);
    expect(server.callsTo(DISCARD)).toHaveLength(0);
    fireEvent.click(byTestId('reimbursement-discard'));
    await answerConfirm('confirm-yes', DISCARD_MESSAGE);
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(server.callsTo(DISCARD)).toHaveLength(1);
    expect(server.callsTo(DISCARD)[0]?.body).toMatchObject({ FormId: 'form-9' });
  });

  it('leaving with unsaved changes asks; leaving saves the draft as saved-unsubmitted', async () => {
    const server = reimbursementServer({ [GET]: draftAnswer({ Step: 'edit' }) });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-provider'));
    act(() => {
      void app?.router.navigate('/claim');
    });
    await answerConfirm('confirm-no', MESSAGES.unsavedChanges);
    expect(app?.pathname()).toBe('/reimbursementform');
    act(() => {
      void app?.router.navigate('/claim');
    });
    await answerConfirm('confirm-yes', MESSAGES.unsavedChanges);
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(server.callsTo(SAVE).at(-1)?.body).toMatchObject({
      FormId: 'form-9',
      SavedUnsubmitted: true,
      Draft: { PayOther: 2 },
    });
  });
});

describe("/reimbursementform draft mirror (issue #5's, reused)", () => {
  afterEach(() => setDraftMirrorStorage(null));
  const KEY = draftMirrorKey({ account: 'sam@example.com', claim: '12/34567', form: 'reimbursement' });

  it('mirrors every change at once, and restores (and sends) a newer change made on this device', async () => {
    const storage = memoryStorage();
    setDraftMirrorStorage(storage);
    reimbursementServer({ [GET]: draftAnswer({ Step: 'edit' }) });
    await open();
    fireEvent.click(byTestId('reimbursement-pay-provider'));
    await waitFor(() =>
      expect(storage.entries.get(KEY)).toMatchObject({ synced: false, draft: { PayOther: 2, Documents: [FILE] } }),
    );
    app?.cleanup();
    app = undefined;

    // Opened again while the server still has the older draft: this device's change wins and is sent.
    const server = reimbursementServer({ [GET]: draftAnswer({ Step: 'edit' }) });
    await open();
    // Announced: the words are the form's status line.
    const restored = await screen.findByText(RESTORED_MESSAGE);
    expect(restored.getAttribute('role')).toBe('status');
    expect(restored).toBe(screen.getByTestId('reimbursement-restored'));
    expect(byTestId('reimbursement-pay-provider').checked).toBe(true);
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    expect(server.callsTo(SAVE)[0]?.body).toMatchObject({ FormId: 'form-9', Draft: { PayOther: 2 } });
    await waitFor(() => expect(storage.entries.get(KEY)?.synced).toBe(true));
  });
});
