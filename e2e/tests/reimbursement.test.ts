/**
 * Reimbursement in Chromium: a claim with a pharmacy and a home-services receipt paid
 * to me (a double click sends one claim), its thank-you page (reference, what happens next with
 * the date we aim to pay by, the same reference in Sent Items); who to pay left unanswered, in the
 * one error pattern; someone else paid, with the BSB looked up; the
 * provider-pay text; review and back; the draft restored after a reload; discard; the
 * no-bank-details and 48-hour paths; the validation messages. axe checks both steps (arriveAt
 * on the review step, which keeps the form's address), and screenshots of both steps at both
 * widths go to /tmp/reimb-shots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatDisplayDate, reimbursementPayBy } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO, NEW_REGISTRANT_CLAIM, PAT_CLAIM, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { DESKTOP, PHONE, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { horizontalOverflow, screenshot } from '../support/page.ts';
import { expectVisible } from '../support/ui.ts';

const suite = useSuite();

const SHOTS = '/tmp/reimb-shots';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const MESSAGES = {
  payeeRequired: 'Please choose who to pay',
  disclaimerRequired: 'Tick the box to confirm your declaration',
  noDocumentsUploaded: 'You have not uploaded any documents yet.',
  bankDetailsNotFound:
    'Bank details not found - please update on the Personal details screen before sending us your claim for reimbursement',
  providerCanBill: 'Your provider can bill us directly for treatment and services we have approved.',
  providerInvoicesNotPaid: 'Provider invoices cannot be paid through the portal.',
  bankLocked48h:
    "For security reasons, you can't make changes to your bank account in the first 48 hours after you register. Please try again in 48 hours.",
  stateTrusteesPaid: 'We make your payments to the State Trustees, not to you.',
  stateTrusteesPayMe: 'Choose your provider or someone else to pay: we pay the State Trustees, not you',
  receiptTypeRequired: 'Please select a receipt type',
  receiptDateInvalid: 'Enter a valid date in dd/mm/yyyy format, not after today',
  pharmacyProviderInvalid: 'Please specify serivce provider details (max 150 characters)',
  amountInvalid: 'Enter a valid amount, e.g. $25 or $25.50',
  emailInvalid: 'Enter a valid email address',
  bsbInvalid: 'Enter a valid 6 digit BSB number',
  bsbNotFound: 'We cannot find a bank with BSB 999-999. Check the BSB and try again.',
  accountNumberInvalid: 'Enter an Account Number between 6-9 digits',
  unsavedChanges: 'You are about to lose your recent changes',
  discard: 'You are about to lose the uploaded information. Are you sure?',
} as const;

/** A signed-in API client of `username` with `claim` selected (set-up and checks, not the browser). */
async function apiFor(username: string, claim: string): Promise<{ api: ApiClient; token: string }> {
  const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
  const { AccessToken } = await api.login(username);
  await api.selectClaim(AccessToken, claim);
  return { api, token: AccessToken };
}

/** Each test starts from no draft, whatever an earlier test left. */
async function open(viewport: Viewport, username: string, claim: string): Promise<Page> {
  const { api, token } = await apiFor(username, claim);
  const discarded = await api.post('/api/documentupload/discarddraft/reimbursement', { AccessToken: token });
  if (discarded.status !== 200)
    throw new Error(`discarddraft answered ${discarded.status}: ${JSON.stringify(discarded.body)}`);
  const { page } = await suite.open(viewport);
  await seedSession(page, suite.baseURL, username, { claim });
  return page;
}

async function reimbursementSentItems(
  username: string,
  claim: string,
): Promise<Array<{ SubjectOther: string; Message: string; PayTo: string }>> {
  const { api, token } = await apiFor(username, claim);
  const { status, body } = await api.post('/api/documentupload/getsentitems', {
    AccessToken: token,
    Offset: 0,
    Amount: 50,
  });
  if (status !== 200) throw new Error(`getsentitems answered ${status}: ${JSON.stringify(body)}`);
  return (
    body as { SentItems: Array<{ SubjectMain: string; SubjectOther: string; Message: string; PayTo: string }> }
  ).SentItems.filter((s) => s.SubjectMain === 'Reimbursement');
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const step = (page: Page) => page.getByTestId('reimbursement-page').getAttribute('data-step');

async function fillReceipt(page: Page, index: number, values: Record<string, string>): Promise<void> {
  const receipt = page.getByTestId('receipt').nth(index);
  await receipt.getByTestId('receipt-Kind').selectOption(values.Kind ?? '');
  for (const [field, value] of Object.entries(values)) {
    if (field === 'Kind') continue;
    const control = receipt.getByTestId(`receipt-${field}`);
    if (field === 'ServiceType') await control.selectOption(value);
    else {
      await control.fill(value);
      await control.blur();
    }
  }
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('reimbursement-upload-input').setInputFiles({ name, mimeType, buffer });
  await page.locator(`[data-testid="reimbursement-upload-item"][data-filename="${name}"][data-state="done"]`).waitFor();
}

async function draftSaved(page: Page): Promise<void> {
  await page.getByTestId('reimbursement-draft-status').filter({ hasText: 'Draft saved' }).waitFor();
}

/** Next (unless already pressed), then the review step is on screen with focus on its heading; axe checks it. */
async function next(page: Page, label: string, options: { click?: boolean } = {}): Promise<void> {
  if (options.click ?? true) await page.getByTestId('reimbursement-next').click();
  await page.locator('[data-testid="reimbursement-page"][data-step="review"]').waitFor();
  await page.waitForFunction(
    () => document.activeElement?.getAttribute('data-testid') === 'reimbursement-step-heading',
  );
  expect(await page.getByTestId('reimbursement-step-heading').textContent()).toBe('Step 2 of 2: Check your claim');
  await arriveAt(page, '/reimbursementform', label);
}

/** WCAG 1.4.10: at 320 CSS px (1280 px at 400 %; a phone at 200 %) nothing scrolls sideways. */
async function reflowsAt320(page: Page, viewport: Viewport): Promise<void> {
  if (viewport.name !== 'phone') return;
  await page.setViewportSize({ width: 320, height: viewport.height });
  const { overflow, culprits } = await horizontalOverflow(page);
  expect(overflow, culprits.join(', ')).toBe(0);
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
}

async function answer(page: Page, text: string, button: 'confirm-yes' | 'confirm-no'): Promise<void> {
  await page.getByTestId('confirm-dialog').filter({ hasText: text }).waitFor();
  await page.waitForTimeout(100); // a person needs more than 50 ms (spec 001 §4)
  await page.getByTestId(button).click();
}

describe.each(VIEWPORTS)('a claim paid to me at $name', (viewport) => {
  test('a pharmacy and a home-services receipt, reviewed, sent once with a double click', async () => {
    const page = await open(viewport, DEMO.sam, SAM_CLAIM.number);
    const before = (await reimbursementSentItems(DEMO.sam, SAM_CLAIM.number)).length;
    await visit(page, '/reimbursementform', `/reimbursementform edit (${viewport.name})`);
    expect(await page.getByTestId('reimbursement-step-heading').textContent()).toBe('Step 1 of 2: Your claim');

    await page.getByTestId('reimbursement-pay-me').check();
    const mine = page.getByTestId('reimbursement-own-bank');
    await mine.waitFor();
    expect(await mine.getByTestId('reimbursement-own-bsb').textContent()).toBe('033-001');
    expect(await mine.getByTestId('reimbursement-own-account-number').textContent()).toBe('*****ending in 5432');
    expect(await page.getByTestId('reimbursement-change-bank-details').getAttribute('href')).toBe(
      '/activationbankdetails',
    );

    await fillReceipt(page, 0, {
      Kind: 'Pharmacy',
      Date: '15/03/2024',
      Description: 'Pain relief after physio',
      Pharmacy: 'Main St Chemist',
      Cost: '12.50',
    });
    expect(await page.getByTestId('receipt').nth(0).getByTestId('receipt-Cost').inputValue()).toBe('$12.50');
    await page.getByTestId('reimbursement-add-receipt').click();
    await page.waitForFunction(
      () => document.activeElement === document.querySelectorAll('[data-testid="receipt-Kind"]')[1],
    );
    await fillReceipt(page, 1, {
      Kind: 'Home services',
      Date: '10/03/2024',
      Duration: '3',
      Provider: 'Jo Cleaner',
      ServiceType: 'Cleaning',
      Amount: '90',
    });
    expect(await page.getByTestId('receipt').nth(1).getByTestId('receipt-Amount').inputValue()).toBe('$90.00');
    expect(await page.getByTestId('reimbursement-total').textContent()).toBe('Total so far$102.50');
    await upload(page, 'receipts.pdf', 'application/pdf', PDF);
    await draftSaved(page);
    await arriveAt(page, '/reimbursementform', `/reimbursementform edit, filled in (${viewport.name})`);
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await shot(page, `edit-${viewport.width}`);
    await reflowsAt320(page, viewport);

    await next(page, `/reimbursementform review (${viewport.name})`);
    expect(await page.getByTestId('review-total').textContent()).toBe('Total claimed$102.50');
    expect(await page.getByTestId('review-pay-who').textContent()).toBe('Me, into my bank account');
    expect(await page.getByTestId('review-receipt').count()).toBe(2);
    expect(await page.getByTestId('review-file').allTextContents()).toEqual(['receipts.pdf']);
    expect(await page.getByTestId('reimbursement-submit').getAttribute('aria-disabled')).toBe('true');
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await shot(page, `review-${viewport.width}`);
    await reflowsAt320(page, viewport);

    await page.getByTestId('reimbursement-agreed').check();
    expect(await page.getByTestId('reimbursement-submit').getAttribute('aria-disabled')).toBeNull();
    await page.getByTestId('reimbursement-submit').dblclick();
    await arriveAt(page, '/thankyou-reimbursement', `/thankyou-reimbursement (${viewport.name})`);
    // The confirmation: what was sent and a reference to quote; what happens next, with the date
    // we aim to pay by; that a copy is in Sent Items (docs/decisions/027).
    const panel = page.getByTestId('thankyou-panel');
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Your reimbursement claim has been sent');
    const reference = ((await page.getByTestId('thankyou-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(1);
    expect(await page.getByTestId('thankyou-pay-by').textContent()).toBe(
      'We check your claim and your receipts. Payments are usually made within 10 business days. ' +
        `If we approve your claim, we aim to pay it by ${formatDisplayDate(reimbursementPayBy(new Date()))}.`,
    );
    expect(await page.getByTestId('thankyou-sent-items').textContent()).toContain('A copy is in Sent items');
    // Sam may change bank details: the thank-you page offers it.
    await page.getByTestId('thankyou-bank-details').waitFor();
    await screenshot(page, `reimbursement-thankyou-${viewport.width}`);
    const after = await reimbursementSentItems(DEMO.sam, SAM_CLAIM.number);
    expect(after.length - before).toBe(1);
    expect(after[0]?.SubjectOther).toBe('2 receipts, total $102.50');
    expect(after[0]?.PayTo).toBe('You: Sam Single, BSB 033-001, account ending 5432');

    // Sent Items holds it under the same reference.
    await page.getByTestId('thankyou-sent-items').getByRole('link', { name: 'Sent items' }).click();
    await arriveAt(page, '/sentitems', `/sentitems after a reimbursement (${viewport.name})`);
    await page.getByTestId('sent-item').first().click();
    await expectVisible(page.getByTestId('sent-detail'), 'the reimbursement claim in Sent Items');
    expect(await page.getByTestId('sent-detail-reference').textContent()).toBe(reference);
    await expectNoSeriousA11yViolations(page, `the reimbursement claim in Sent Items (${viewport.name})`);
  });
});

describe.each(VIEWPORTS)('someone else paid at $name', (viewport) => {
  test('their details with the BSB looked up; the draft survives a reload; review and back; sent', async () => {
    const claim = viewport.name === 'desktop' ? ALEX_CLAIMS[0] : ALEX_CLAIMS[1];
    const page = await open(viewport, DEMO.alex, claim.number);
    await visit(page, '/reimbursementform', `/reimbursementform someone else (${viewport.name})`);
    await page.getByTestId('reimbursement-pay-someone-else').check();
    await page.getByTestId('reimbursement-payee-PaymentName').fill('Lee Citizen');
    await page.getByTestId('reimbursement-payee-PaymentAddress').fill('159 Tooronga');
    await page.getByTestId('reimbursement-payee-PaymentAddress-option').first().click();
    const address = await page.getByTestId('reimbursement-payee-PaymentAddress').inputValue();
    expect(address).toMatch(/TOORONGA/);
    await page.getByTestId('reimbursement-payee-PaymentEmail').fill('lee@example.com');
    await page.getByTestId('reimbursement-payee-PaymentRelationship').fill('Partner');
    await page.getByTestId('reimbursement-payee-BankAccName').fill('Lee Citizen');
    await page.getByTestId('reimbursement-payee-BankBSB').fill('063000');
    await page.getByTestId('reimbursement-payee-BankBSB').blur();
    expect(await page.getByTestId('reimbursement-payee-BankBSB').inputValue()).toBe('063-000');
    const bank = page.getByTestId('reimbursement-payee-bank-name-value');
    await bank.waitFor();
    expect(await bank.textContent()).toMatch(/^Commonwealth Bank/);
    await page.getByTestId('reimbursement-payee-BankAccNo').fill('987654321');
    await fillReceipt(page, 0, {
      Kind: 'Other',
      Date: '02/02/2024',
      Description: 'Taxi to physio',
      Provider: 'Cab Co',
      Cost: '40',
    });
    await upload(page, 'taxi.pdf', 'application/pdf', PDF);
    await draftSaved(page);
    await shot(page, `edit-someone-else-${viewport.width}`);

    await page.reload();
    await arriveAt(page, '/reimbursementform', `/reimbursementform someone else restored (${viewport.name})`);
    expect(await page.getByTestId('reimbursement-pay-someone-else').isChecked()).toBe(true);
    expect(await page.getByTestId('reimbursement-payee-PaymentName').inputValue()).toBe('Lee Citizen');
    expect(await page.getByTestId('reimbursement-payee-PaymentAddress').inputValue()).toBe(address);
    expect(await page.getByTestId('reimbursement-payee-BankBSB').inputValue()).toBe('063-000');
    expect(await page.getByTestId('receipt').nth(0).getByTestId('receipt-Cost').inputValue()).toBe('$40.00');
    await page.locator('[data-testid="reimbursement-upload-item"][data-filename="taxi.pdf"]').waitFor();
    // Their account number is never kept in a draft (decision 014): it is typed again.
    expect(await page.getByTestId('reimbursement-payee-BankAccNo').inputValue()).toBe('');
    await page.getByTestId('reimbursement-payee-BankAccNo').fill('987654321');

    await next(page, `/reimbursementform someone else review (${viewport.name})`);
    expect(await page.getByTestId('review-pay-who').textContent()).toBe('Someone else');
    expect(await page.getByTestId('review-payee-bsb').textContent()).toMatch(/^063-000 \(Commonwealth Bank/);
    expect(await page.getByTestId('review-total').textContent()).toBe('Total claimed$40.00');

    // Edit form: back, nothing lost, focus on the heading.
    await page.getByTestId('reimbursement-edit-form').click();
    await page.locator('[data-testid="reimbursement-page"][data-step="edit"]').waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'reimbursement-step-heading',
    );
    expect(await page.getByTestId('reimbursement-payee-BankAccNo').inputValue()).toBe('987654321');
    expect(await page.getByTestId('receipt').nth(0).getByTestId('receipt-Provider').inputValue()).toBe('Cab Co');

    await next(page, `/reimbursementform someone else review again (${viewport.name})`);
    await page.getByTestId('reimbursement-agreed').check();
    await page.getByTestId('reimbursement-submit').click();
    await arriveAt(page, '/thankyou-reimbursement', `/thankyou-reimbursement someone else (${viewport.name})`);
    const [sent] = await reimbursementSentItems(DEMO.alex, claim.number);
    expect(sent?.PayTo).toBe('Lee Citizen (Partner): Lee Citizen, BSB 063-000, account ending 4321');
  });
});

describe('paying my provider, drafts and discard', () => {
  test('the provider text; the review step is restored after a reload; leaving asks; discard empties the form', async () => {
    const claim = ALEX_CLAIMS[2];
    const page = await open(DESKTOP, DEMO.alex, claim.number);
    await visit(page, '/reimbursementform', '/reimbursementform provider');
    await page.getByTestId('reimbursement-pay-provider').check();
    const note = (await page.getByTestId('reimbursement-provider-note').textContent()) ?? '';
    expect(note).toContain(MESSAGES.providerCanBill);
    expect(note).toContain(MESSAGES.providerInvoicesNotPaid);
    await fillReceipt(page, 0, { Kind: 'Pharmacy', Date: '01/04/2024', Pharmacy: 'Corner Pharmacy', Cost: '$8' });
    await upload(page, 'script.pdf', 'application/pdf', PDF);

    // Next while a file is still uploading (a slow connection): it waits for the upload, then goes on.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page
      .getByTestId('reimbursement-upload-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(600 * 1024, 'a') });
    await page
      .locator('[data-testid="reimbursement-upload-item"][data-filename="notes.txt"][data-state="uploading"]')
      .waitFor();
    await page.getByTestId('reimbursement-next').click();
    await page.getByTestId('reimbursement-waiting').waitFor();
    expect(await step(page)).toBe('edit');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await next(page, '/reimbursementform provider review', { click: false });
    expect(await page.getByTestId('review-file').allTextContents()).toEqual(['script.pdf', 'notes.txt']);
    expect(await page.getByTestId('review-pay-who').textContent()).toBe('My provider');
    await draftSaved(page);

    // Reloaded on the review step: it comes back there, with everything.
    await page.reload();
    await arriveAt(page, '/reimbursementform', '/reimbursementform provider review restored');
    expect(await step(page)).toBe('review');
    expect(await page.getByTestId('review-total').textContent()).toBe('Total claimed$8.00');
    await page.getByTestId('reimbursement-edit-form').click();
    expect(await page.getByTestId('reimbursement-pay-provider').isChecked()).toBe(true);
    expect(await page.getByTestId('receipt').nth(0).getByTestId('receipt-Pharmacy').inputValue()).toBe(
      'Corner Pharmacy',
    );

    // Leaving with a change not yet saved asks first; staying keeps the page.
    await page.getByTestId('receipt').nth(0).getByTestId('receipt-Description').fill('Antibiotics');
    await page.getByTestId('nav-claim').click();
    await answer(page, MESSAGES.unsavedChanges, 'confirm-no');
    expect(new URL(page.url()).pathname).toBe('/reimbursementform');

    await page.getByTestId('reimbursement-discard').click();
    await answer(page, MESSAGES.discard, 'confirm-yes');
    await arriveAt(page, '/claim', '/claim after discard');
    await visit(page, '/reimbursementform', '/reimbursementform after discard');
    expect(await step(page)).toBe('edit');
    expect(await page.getByTestId('reimbursement-pay-provider').isChecked()).toBe(false);
    expect(await page.getByTestId('receipt').count()).toBe(1);
    expect(await page.getByTestId('receipt').nth(0).getByTestId('receipt-Kind').inputValue()).toBe('');
    expect(await page.getByTestId('reimbursement-upload-item').count()).toBe(0);
  });
});

describe('bank details', () => {
  test('none held (State Trustees): who is paid and whom to contact, and Next does not go on', async () => {
    const page = await open(PHONE, DEMO.pat, PAT_CLAIM.number);
    await visit(page, '/reimbursementform', '/reimbursementform no bank details');
    await page.getByTestId('reimbursement-pay-me').check();
    // Not spec 001's 'please update on the Personal details screen': that screen cannot add them
    // on a trustee claim (state-trustees.test.ts, decision 027).
    const box = page.getByTestId('reimbursement-bank-trustee');
    await box.waitFor();
    expect(await box.textContent()).toContain(MESSAGES.stateTrusteesPaid);
    expect(await page.getByTestId('reimbursement-bank-not-found').count()).toBe(0);
    expect(await page.getByTestId('reimbursement-add-bank-details').count()).toBe(0);
    await arriveAt(page, '/reimbursementform', '/reimbursementform no bank details, me');
    await page.getByTestId('reimbursement-next').click();
    const errors = page.getByTestId('reimbursement-errors');
    await errors.filter({ hasText: MESSAGES.stateTrusteesPayMe }).waitFor();
    expect(await step(page)).toBe('edit');
    // Paying the provider needs no bank details.
    await page.getByTestId('reimbursement-pay-provider').check();
    await page.getByTestId('reimbursement-provider-note').waitFor();
  });

  test('registered under 48 hours ago: the details shown, and why they cannot be changed yet', async () => {
    const page = await open(DESKTOP, DEMO.newRegistrant, NEW_REGISTRANT_CLAIM.number);
    await visit(page, '/reimbursementform', '/reimbursementform 48 hours');
    await page.getByTestId('reimbursement-pay-me').check();
    await page.getByTestId('reimbursement-own-bank').waitFor();
    expect(await page.getByTestId('reimbursement-own-bsb').textContent()).toBe('083-004');
    expect(await page.getByTestId('reimbursement-own-account-number').textContent()).toBe('*****ending in 0123');
    expect(await page.getByTestId('reimbursement-bank-locked').textContent()).toBe(MESSAGES.bankLocked48h);
    expect(await page.getByTestId('reimbursement-change-bank-details').count()).toBe(0);
    await arriveAt(page, '/reimbursementform', '/reimbursementform 48 hours, me');
  });
});

describe.each(VIEWPORTS)('who to pay, not answered, at $name', (viewport) => {
  test('follows the one error pattern: the summary says what the group says, and the group looks like every field in error', async () => {
    const page = await open(viewport, DEMO.sam, SAM_CLAIM.number);
    await visit(page, '/reimbursementform', `/reimbursementform who to pay (${viewport.name})`);
    await page.getByTestId('reimbursement-next').click();
    const errors = page.getByTestId('reimbursement-errors');
    const entry = errors.getByRole('link', { name: MESSAGES.payeeRequired, exact: true });
    await entry.waitFor();
    expect(await entry.getAttribute('href')).toBe('#reimbursement-pay-me');
    const group = page.getByTestId('reimbursement-pay-who');
    const look = await group.evaluate((fieldset) => {
      const radios = [...fieldset.querySelectorAll('input[type="radio"]')];
      const notes = radios.map((r) =>
        (r.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => (document.getElementById(id)?.textContent ?? '').replace(/^Error: /, ''))
          .join(' '),
      );
      // The red bar: the nearest box with a thick start border, from the legend up.
      const legend = fieldset.querySelector('legend') as HTMLElement;
      let bar: HTMLElement | null = legend;
      while (bar && parseFloat(getComputedStyle(bar).borderInlineStartWidth) < 3) bar = bar.parentElement;
      const select = document.querySelector('[data-testid="receipt-Kind"]') as HTMLElement;
      return {
        invalid: radios.map((r) => r.getAttribute('aria-invalid')),
        notes,
        // A fieldset draws its legend across its own block-start edge, so its start border begins
        // half-way down the legend: the bar runs beside the question only on a box around it.
        legendInBar:
          bar !== null &&
          bar.tagName !== 'FIELDSET' &&
          bar.getBoundingClientRect().top <= legend.getBoundingClientRect().top,
        barColour: bar ? getComputedStyle(bar).borderInlineStartColor : null,
        // Another field in error (the receipt type): its bar and its control's border.
        fieldBarColour: getComputedStyle(select.parentElement as HTMLElement).borderInlineStartColor,
        fieldBorder: getComputedStyle(select).borderTopColor,
        boxBorders: radios.map((r) => getComputedStyle(r.parentElement as HTMLElement).borderTopColor),
      };
    });
    expect(look.invalid).toEqual(['true', 'true', 'true']);
    expect(look.notes).toEqual([MESSAGES.payeeRequired, MESSAGES.payeeRequired, MESSAGES.payeeRequired]);
    expect(look.legendInBar, 'the red bar runs beside the question too').toBe(true);
    expect(look.barColour).toBe(look.fieldBarColour);
    expect(look.boxBorders, 'each choice is bordered red as a field is').toEqual([
      look.fieldBorder,
      look.fieldBorder,
      look.fieldBorder,
    ]);
    await arriveAt(page, '/reimbursementform', `/reimbursementform who to pay, in error (${viewport.name})`);
    await group.scrollIntoViewIfNeeded();
    await screenshot(page, `reimbursement-pay-who-error-${viewport.width}`, { fullPage: false });

    // Answered: the group is no longer in error.
    await entry.click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reimbursement-pay-me');
    await page.getByTestId('reimbursement-pay-provider').check();
    await expect.poll(() => page.getByTestId('reimbursement-pay-me').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('validation messages', () => {
  test('Next lists each problem tied to its field; the summary takes focus; Submit says what is missing', async () => {
    const page = await open(PHONE, DEMO.sam, SAM_CLAIM.number);
    await visit(page, '/reimbursementform', '/reimbursementform validation');
    await page.getByTestId('reimbursement-next').click();
    const errors = page.getByTestId('reimbursement-errors');
    await errors.filter({ hasText: MESSAGES.payeeRequired }).waitFor();
    let text = (await errors.textContent()) ?? '';
    expect(text).toContain('There are 3 errors in this form');
    expect(text).toContain(`Receipt 1: ${MESSAGES.receiptTypeRequired}`);
    expect(text).toContain(MESSAGES.noDocumentsUploaded);
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-testid="reimbursement-errors"]') !== null),
    ).toBe(true);
    await arriveAt(page, '/reimbursementform', '/reimbursementform with errors');

    await page.getByTestId('reimbursement-pay-someone-else').check();
    await page.getByTestId('reimbursement-payee-PaymentEmail').fill('lee@');
    await page.getByTestId('reimbursement-payee-BankBSB').fill('999999');
    await page.getByTestId('reimbursement-payee-BankAccNo').fill('123');
    await fillReceipt(page, 0, { Kind: 'Pharmacy', Date: '01/01/2099', Pharmacy: '', Cost: '12.5' });
    await page.getByTestId('reimbursement-next').click();
    await errors.filter({ hasText: MESSAGES.bsbNotFound }).waitFor();
    text = (await errors.textContent()) ?? '';
    for (const message of [
      MESSAGES.emailInvalid,
      MESSAGES.accountNumberInvalid,
      `Receipt 1: ${MESSAGES.receiptDateInvalid}`,
      `Receipt 1: ${MESSAGES.pharmacyProviderInvalid}`,
      `Receipt 1: ${MESSAGES.amountInvalid}`,
      MESSAGES.noDocumentsUploaded,
    ]) {
      expect(text).toContain(message);
    }
    expect(await page.getByTestId('reimbursement-payee-BankBSB').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('receipt-Cost').getAttribute('aria-invalid')).toBe('true');
    // An entry of the summary takes the claimant to its field.
    await errors.getByRole('link', { name: `Receipt 1: ${MESSAGES.amountInvalid}` }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('receipt-Cost');
    await arriveAt(page, '/reimbursementform', '/reimbursementform with field errors');
    await shot(page, `edit-errors-${PHONE.width}`);

    // Fixed, and on to the review: Submit without the declaration says so.
    await page.getByTestId('reimbursement-pay-me').check();
    await fillReceipt(page, 0, { Kind: 'Pharmacy', Date: '01/01/2024', Pharmacy: 'Chemist', Cost: '12.50' });
    await upload(page, 'receipt.pdf', 'application/pdf', PDF);
    await next(page, '/reimbursementform review, not agreed');
    // aria-disabled, not disabled: pressed anyway, it says what is missing (Playwright would wait for "enabled").
    expect(await page.getByTestId('reimbursement-submit').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('reimbursement-submit').click({ force: true });
    await errors.filter({ hasText: MESSAGES.disclaimerRequired }).waitFor();
    expect(await page.getByTestId('reimbursement-agreed').getAttribute('aria-invalid')).toBe('true');
    expect(await step(page)).toBe('review');
  });
});
