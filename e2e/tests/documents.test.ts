/**
 * Documents issue (#5) in Chromium: send documents with two files (progress to 100, a third
 * cancelled mid-way on a throttled connection), the draft restored after a reload, discard, the
 * validation messages, the Tax File Declaration rules, the authority form (typed alternative and
 * drawn with the mouse) and the thank-you pages. Every page visited gets the axe check.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { DESKTOP, VIEWPORTS } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';

const suite = useSuite();
const [CLAIM] = ALEX_CLAIMS;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function pickFile(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('documents-upload-input').setInputFiles({ name, mimeType, buffer });
}

async function uploaded(page: Page, name: string): Promise<void> {
  await page.locator(`[data-testid="documents-upload-item"][data-filename="${name}"][data-state="done"]`).waitFor();
}

async function chooseType(page: Page, label: string): Promise<void> {
  await page.getByTestId('documents-type').selectOption({ label });
}

async function draftSaved(page: Page): Promise<void> {
  await page.getByTestId('documents-draft-status').filter({ hasText: 'Draft saved' }).waitFor();
}

async function open(viewport = DESKTOP): Promise<Page> {
  const { page } = await suite.open(viewport);
  await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
  return page;
}

describe('send documents', () => {
  test('two files upload to 100%, a third is cancelled mid-way, the draft survives a reload, submit thanks', async () => {
    const page = await open();
    await visit(page, '/forms', '/forms');
    await page.getByTestId('forms-send-documents').click();
    await arriveAt(page, '/submitdocuments', '/submitdocuments');
    await page.getByTestId('content-submitdocs').waitFor();

    await chooseType(page, 'Medical certificate').catch(async () => {
      // The list's first real entry when the demo names differ.
      const first = await page.getByTestId('documents-type').locator('option').nth(1).textContent();
      await chooseType(page, (first ?? '').trim());
    });
    await page.getByTestId('documents-message').fill('My latest certificate and a photo of my receipt.');
    expect(await page.getByTestId('documents-message-count').textContent()).toBe('48 of 1000 characters');

    // Progress events: record every value the bar shows.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __progress: number[] }).__progress = seen;
      new MutationObserver(() => {
        for (const bar of Array.from(document.querySelectorAll('progress'))) seen.push(Number(bar.getAttribute('value')));
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await pickFile(page, 'certificate.pdf', 'application/pdf', PDF);
    await uploaded(page, 'certificate.pdf');
    await pickFile(page, 'receipt.png', 'image/png', PNG);
    await uploaded(page, 'receipt.png');
    expect(await page.getByTestId('documents-upload-status').textContent()).toBe('receipt.png uploaded');

    // A slow connection: a 3 MB text file is still in flight when it is cancelled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await pickFile(page, 'diary.txt', 'text/plain', Buffer.alloc(3 * 1024 * 1024, 'a'));
    const bar = page.getByRole('progressbar', { name: 'Uploading diary.txt' });
    await bar.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('progress')?.getAttribute('value') ?? 0) > 0);
    await page.getByRole('button', { name: 'Cancel uploading diary.txt' }).click();
    await page.locator('[data-testid="documents-upload-item"][data-filename="diary.txt"]').waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await page.getByTestId('documents-upload-item').count()).toBe(2);
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);

    await draftSaved(page);
    await page.reload();
    await arriveAt(page, '/submitdocuments', '/submitdocuments restored');
    expect(await page.getByTestId('documents-message').inputValue()).toBe('My latest certificate and a photo of my receipt.');
    await uploaded(page, 'certificate.pdf');
    await uploaded(page, 'receipt.png');

    // Without the authorisation: the message is tied to the box.
    await page.getByTestId('documents-submit').click();
    await page.getByTestId('documents-errors').filter({ hasText: 'Please provide your authorisation' }).waitFor();
    expect(await page.getByTestId('documents-authorised').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('documents-authorised').check();
    await page.getByTestId('documents-submit').click();
    await arriveAt(page, '/thankyou-documents', '/thankyou-documents');
    expect(await page.getByTestId('thankyou-documents-note').textContent()).toMatch(/modify or delete/);
    expect(await page.getByTestId('thankyou-home').getAttribute('href')).toBe('/claim');
    expect(await page.getByTestId('thankyou-upload').getAttribute('href')).toBe('/forms');
    expect(await page.getByTestId('thankyou-inbox').getAttribute('href')).toBe('/inbox');
  });

  test('validation messages, Tax File Declaration rules, the reimbursement type, refused files, discard', async () => {
    const page = await open();
    await visit(page, '/submitdocuments', '/submitdocuments empty');
    await page.getByTestId('documents-submit').click();
    const errors = page.getByTestId('documents-errors');
    await errors.filter({ hasText: 'Please select a document type' }).waitFor();
    const text = (await errors.textContent()) ?? '';
    for (const message of ['Please provide a message (max 1000 characters)', 'Please upload at least one document', 'Please provide your authorisation']) {
      expect(text).toContain(message);
    }

    // Refused before sending.
    await page.getByTestId('documents-upload-input').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByTestId('error-alert-message').filter({ hasText: 'Document type is not accepted' }).waitFor();
    await page.getByTestId('error-alert-ok').click();

    // Tax File Declaration Form: no message needed, one document only.
    await chooseType(page, 'Tax File Declaration Form');
    await pickFile(page, 'tfd.pdf', 'application/pdf', PDF);
    await uploaded(page, 'tfd.pdf');
    expect(await page.getByTestId('documents-upload-input').isDisabled()).toBe(true);
    await page.getByTestId('documents-submit').click();
    await page.getByTestId('documents-errors').filter({ hasText: 'Please provide your authorisation' }).waitFor();
    expect(await errors.textContent()).not.toContain('Please provide a message');

    // Reimbursement: the message is blocked and the form is pointed to.
    await chooseType(page, 'Reimbursement');
    expect(await page.getByTestId('documents-message').isDisabled()).toBe(true);
    expect(await page.getByTestId('documents-reimbursement-note').locator('a').getAttribute('href')).toBe('/reimbursementform');

    // Discard asks, then the draft is gone.
    await draftSaved(page);
    await page.getByTestId('documents-discard').click();
    await page.getByTestId('confirm-dialog').filter({ hasText: 'You are about to lose the uploaded information. Are you sure?' }).waitFor();
    await page.waitForTimeout(100);
    await page.getByTestId('confirm-yes').click();
    await arriveAt(page, '/forms', '/forms after discard');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('forms-draft-date').count()).toBe(0);
    await page.getByTestId('forms-send-documents').click();
    await arriveAt(page, '/submitdocuments', '/submitdocuments after discard');
    expect(await page.getByTestId('documents-upload-item').count()).toBe(0);
    expect(await page.getByTestId('documents-message').inputValue()).toBe('');
  });
});

describe('authority form', () => {
  test('the typed alternative: name and declaration enable Submit; thanks', async () => {
    const page = await open();
    await visit(page, '/authorityform', '/authorityform');
    await page.getByTestId('authority-details').waitFor();
    expect(await page.getByTestId('authority-claim-number').textContent()).toBe(CLAIM.number);
    expect(await page.getByTestId('authority-date-of-accident').textContent()).toBe(CLAIM.date);
    expect(await page.getByTestId('authority-submit').isDisabled()).toBe(true);
    await page.getByTestId('authority-type-instead').click();
    await page.getByTestId('authority-typed-name').fill('Alex Citizen');
    expect(await page.getByTestId('authority-submit').isDisabled()).toBe(true);
    await page.getByTestId('authority-declaration').check();
    await page.getByTestId('authority-submit').click();
    await arriveAt(page, '/thankyou-documents', '/thankyou-documents after the authority');
  });

  test('drawn with the mouse; Clear un-signs', async () => {
    const page = await open();
    await visit(page, '/authorityform', '/authorityform drawn');
    const pad = page.getByTestId('authority-signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    const draw = async () => {
      await page.mouse.move(box.x + 20, box.y + 40);
      await page.mouse.down();
      for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 20 + i * 20, box.y + 40 + (i % 2) * 30);
      await page.mouse.up();
    };
    await draw();
    expect(await pad.getAttribute('data-signed')).toBe('true');
    await page.getByTestId('authority-clear').click();
    expect(await pad.getAttribute('data-signed')).toBe('false');
    expect(await page.getByTestId('authority-submit').isDisabled()).toBe(true);
    await draw();
    await page.getByTestId('authority-submit').click();
    await arriveAt(page, '/thankyou-documents', '/thankyou-documents after a drawn signature');
  });
});

describe.each(VIEWPORTS)('thank-you pages at $name', (viewport) => {
  test('reimbursement and contact us show their links', async () => {
    const page = await open(viewport);
    await visit(page, '/thankyou-reimbursement', `/thankyou-reimbursement (${viewport.name})`);
    expect(await page.getByTestId('thankyou-reimbursement').textContent()).toContain('10 business days');
    expect(await page.getByTestId('thankyou-bank-details').count()).toBe(0);
    expect(await page.getByTestId('thankyou-reimbursement-again').getAttribute('href')).toBe('/reimbursementform');
    await visit(page, '/thankyou-contact-us', `/thankyou-contact-us (${viewport.name})`);
    expect(await page.getByTestId('thankyou-contact').getAttribute('href')).toBe('/contactus');
    expect(await page.getByTestId('thankyou-inbox').getAttribute('href')).toBe('/inbox');
    await visit(page, '/forms', `/forms (${viewport.name})`);
    await page.getByTestId('forms-authority').waitFor();
  });
});
