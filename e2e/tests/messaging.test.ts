/**
 * Messaging in Chromium at 1280 and 375 px: send an enquiry of each special type
 * (Reimbursement shows its section, Other needs the reason) with two attachments; read a message
 * and watch the unread count drop without a reload; "Load more" (messages written straight into
 * the server's database) and an attachment downloaded; the sent items filter and detail; app
 * mode's full-page details and the sent-item guard; the call-line note at a fixed clock. Every
 * page visited, and every open message, gets the axe check.
 */
import { readFile } from 'node:fs/promises';
import { enquiryReplyBy, formatDisplayDate } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO, PAT_CLAIM, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, VIEWPORTS, isNarrow, type Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { horizontalOverflow, settle } from '../support/page.ts';
import { expectCount, expectHidden, expectVisible, menuButton, sideMenu, unreadText } from '../support/ui.ts';
import type { DatabaseSync } from 'node:sqlite';
import { portalDb } from '../support/portal-db.ts';

const suite = useSuite();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EMPTY_TEXT = 'There are no messages to display.';

async function open(viewport: Viewport, username: string, claim: string): Promise<{ page: Page; token: string }> {
  const { page } = await suite.open(viewport);
  const token = await seedSession(page, suite.baseURL, username, { claim });
  return { page, token };
}

function db(): DatabaseSync {
  return portalDb(suite.server.dataDir);
}

async function xsrfToken(): Promise<string> {
  const response = await fetch(`${suite.baseURL}/api/information/getinformation`);
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^__Host-XSRF-TOKEN=([^;]*)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error('no XSRF-TOKEN cookie');
}

/** Uploads a file as the claimant through the real upload API (multipart, fields before the file). */
async function uploadAs(
  token: string,
  fields: { FormType: string; FormId?: string },
  file: { name: string; type: string; data: Buffer },
): Promise<string> {
  const xsrf = await xsrfToken();
  const form = new FormData();
  form.append('accessToken', token);
  form.append('FormType', fields.FormType);
  if (fields.FormId) form.append('FormId', fields.FormId);
  form.append('uploads[]', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${suite.baseURL}/api/documentupload/uploadfile`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'X-XSRF-TOKEN': xsrf,
      Cookie: `__Host-XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
    },
    body: form,
  });
  const body = (await response.json()) as { FileId?: string };
  if (response.status !== 200 || !body.FileId)
    throw new Error(`upload answered HTTP ${response.status}: ${JSON.stringify(body)}`);
  return body.FileId;
}

/** Records every text a status region shows (uploads are quick: the texts are caught as they pass). */
async function recordTexts(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { __texts: string[] }).__texts = seen;
    const note = () => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, testId);
}

async function recordedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __texts: string[] }).__texts);
}

async function attach(page: Page, name: string, type: string, data: Buffer): Promise<void> {
  await page.getByTestId('contact-upload-input').setInputFiles({ name, mimeType: type, buffer: data });
  await page.locator(`[data-testid="contact-file"][data-filename="${name}"]`).waitFor();
}

async function chooseType(page: Page, label: string): Promise<void> {
  const select = page.getByTestId('contact-type');
  await select.locator('option', { hasText: label }).waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

describe.each(VIEWPORTS)('send a message at $name', (viewport) => {
  test('a Reimbursement enquiry shows its section, an Other enquiry needs the reason; each goes with two documents', async () => {
    // Claims with no sent items of the demo data (19/12345 holds three answered reimbursements).
    const claim = isNarrow(viewport) ? ALEX_CLAIMS[2] : ALEX_CLAIMS[0];
    const { page } = await open(viewport, DEMO.alex, claim.number);
    await visit(page, '/contactus', `/contactus (${viewport.name})`);
    expect(await page.getByTestId('contact-intro').textContent()).toMatch(/^We're here to help/);
    // The spec's 10MB and twelve types, said in words (docs/decisions/027).
    expect(await page.getByTestId('contact-upload-note').textContent()).toContain(
      'a photo, PDF, Word or Excel file up to 10 MB',
    );
    expect(await page.getByTestId('contact-message').getAttribute('placeholder')).toBe('Max 950 characters');
    // Nothing chosen yet: no upload, no Submit.
    expect(await page.getByTestId('contact-upload-input').isDisabled()).toBe(true);
    expect(await page.getByTestId('contact-submit').isDisabled()).toBe(true);
    expect((await horizontalOverflow(page)).overflow).toBe(0);

    // The enquiry types come sorted by ElementNumber.
    await page.getByTestId('contact-type').locator('option', { hasText: 'Other' }).waitFor({ state: 'attached' });
    const labels = (await page.getByTestId('contact-type').locator('option').allTextContents()).map((t) => t.trim());
    expect(labels).toEqual([
      'Please select',
      'General enquiry',
      'Payments',
      'Reimbursement',
      'Treatment and services',
      'Update my details',
      'Other',
    ]);

    // Touching the type and leaving it empty shows its message, tied to the field.
    await page.getByTestId('contact-type').focus();
    await page.getByTestId('contact-message').focus();
    await page.getByText('Please select an enquiry type').waitFor();
    expect(await page.getByTestId('contact-type').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('contact-message').focus();
    await page.getByTestId('contact-intro').click();
    await page.getByText('Please provide a message for your enquiry').waitFor();

    // Reimbursement: the section with the link to the reimbursement form.
    await chooseType(page, 'Reimbursement');
    await expectVisible(page.getByTestId('contact-reimbursement'), 'the reimbursement section');
    expect(await page.getByTestId('contact-reimbursement-link').getAttribute('href')).toBe('/reimbursementform');
    expect(await page.getByTestId('contact-upload-input').isDisabled()).toBe(false);
    const message = 'I paid $84.50 for a brace at the pharmacy. Can I claim it back?';
    await page.getByTestId('contact-message').fill(message);
    expect(await page.getByTestId('contact-message-count').textContent()).toBe(`${message.length} of 950 characters`);
    await attach(page, 'receipt.pdf', 'application/pdf', PDF);
    await attach(page, 'brace.png', 'image/png', PNG);
    await expectNoSeriousA11yViolations(page, `/contactus filled (${viewport.name})`);
    expect(await page.getByTestId('contact-submit').isDisabled()).toBe(false);
    await recordTexts(page, 'contact-status');
    await page.getByTestId('contact-submit').click();
    await arriveAt(page, '/thankyou-contact-us', `/thankyou-contact-us (${viewport.name})`);
    const statuses = await recordedTexts(page);
    expect(statuses).toContain('Uploading documents 1 of 2');
    expect(statuses).toContain('Uploading documents 2 of 2');

    // Other: the reason is required (1–25), then the enquiry goes like the first.
    await page.getByTestId('thankyou-contact').click();
    await arriveAt(page, '/contactus', `/contactus again (${viewport.name})`);
    await chooseType(page, 'Other');
    await expectHidden(page.getByTestId('contact-reimbursement'), 'the reimbursement section');
    await page.getByTestId('contact-message').fill('Can someone call me about my travel to appointments?');
    expect(await page.getByTestId('contact-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('contact-submit-hint').textContent()).toContain('give the reason for your enquiry');
    await page.getByTestId('contact-reason').focus();
    await page.getByTestId('contact-message').focus();
    await page.getByText('Reason must be between 1 - 25 characters').waitFor();
    expect(await page.getByTestId('contact-reason').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('contact-reason').getAttribute('maxlength')).toBe('25');
    await page.getByTestId('contact-reason').fill('Travel costs');
    await attach(page, 'tickets.pdf', 'application/pdf', PDF);
    await attach(page, 'map.png', 'image/png', PNG);
    // A file can be taken off again before sending; a refused one never joins the list.
    await attach(page, 'extra.png', 'image/png', PNG);
    await page.getByRole('button', { name: 'Remove extra.png' }).click();
    await expectCount(page.getByTestId('contact-file'), 2, 'documents after removing one');
    await page
      .getByTestId('contact-upload-input')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByTestId('error-alert-message').filter({ hasText: 'Document type is not accepted' }).waitFor();
    await page.getByTestId('error-alert-ok').click();
    await expectCount(page.getByTestId('contact-file'), 2, 'documents after a refused file');
    await page.getByTestId('contact-submit').click();
    await arriveAt(page, '/thankyou-contact-us', `/thankyou-contact-us after Other (${viewport.name})`);

    // Both are sent items now, newest first, with their documents and reply-by date.
    await page.getByTestId('thankyou-inbox').click();
    await arriveAt(page, '/inbox', `/inbox (${viewport.name})`);
    await page.getByTestId('tab-sent').click();
    await arriveAt(page, '/sentitems', `/sentitems (${viewport.name})`);
    expect(await page.getByTestId('sent-count').textContent()).toBe('You have 2 sent items');
    const [other, reimbursement] = [page.getByTestId('sent-item').nth(0), page.getByTestId('sent-item').nth(1)];
    expect(await other.textContent()).toContain('Enquiry');
    expect(await other.textContent()).toContain('Travel costs');
    expect(await reimbursement.textContent()).toContain('Reimbursement');
    expect(await reimbursement.getByTestId('attachment-icon').textContent()).toBe('2 attached files');
    expect(await other.getByTestId('sent-item-status').textContent()).toContain('Received');
    expect(await other.getByTestId('sent-item-reply-by').textContent()).toBe(
      `We aim to reply by ${formatDisplayDate(enquiryReplyBy(new Date()))}`,
    );
    expect(await reimbursement.getByTestId('sent-item-preview').textContent()).toBe(message);
  });
});

test('the contact number shows only while the call line is open (Melbourne time)', async () => {
  // A clock of its own per browser context (the idle clock must not see days pass between two).
  const at = async (iso: string, label: string) => {
    const { page } = await suite.open(DESKTOP);
    await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await page.clock.setFixedTime(new Date(iso));
    await visit(page, '/contactus', label);
    await page.getByTestId('contact-type').locator('option', { hasText: 'Other' }).waitFor({ state: 'attached' });
    return page;
  };
  // Monday 23 November 2026, 10:00 in Melbourne (UTC+11).
  const open = await at('2026-11-22T23:00:00Z', '/contactus with the call line open');
  await expectVisible(open.getByTestId('contact-call-note'), 'the call-line note on a weekday morning');
  expect(await open.getByTestId('contact-call-note').locator('a[href^="tel:"]').count()).toBe(1);
  // The same Monday, 5:30pm: closed.
  const evening = await at('2026-11-23T06:30:00Z', '/contactus at closing time');
  expect(await evening.getByTestId('contact-call-note').count()).toBe(0);
  // Saturday 28 November, 10:00: closed.
  const saturday = await at('2026-11-27T23:00:00Z', '/contactus on a Saturday');
  expect(await saturday.getByTestId('contact-call-note').count()).toBe(0);
});

describe.each(VIEWPORTS)('inbox at $name', (viewport) => {
  test('reading an unread message drops the count in the toolbar, the list and the claim home without a reload', async () => {
    // Each viewport reads on its own claim (desktop: 2 unread, phone: 1 unread).
    const claim = isNarrow(viewport) ? ALEX_CLAIMS[1] : ALEX_CLAIMS[0];
    const { page } = await open(viewport, DEMO.alex, claim.number);
    await visit(page, '/claim', `/claim (${viewport.name})`);
    await expectVisible(unreadText(page, claim.unread), `the claim home says ${claim.unread} unread`);
    /** The side menu's Inbox entry (narrow screens), read and closed again. */
    const menuInbox = async (): Promise<string> => {
      await menuButton(page).click();
      const menu = sideMenu(page);
      await menu.waitFor();
      const text = (await menu.getByTestId('menu-inbox').textContent()) ?? '';
      await menu.getByTestId('side-menu-close').click();
      await menu.waitFor({ state: 'hidden' });
      return text;
    };
    if (isNarrow(viewport)) expect(await menuInbox()).toContain(`${claim.unread} unread`);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Inbox\b/ })
      .first()
      .click();
    await arriveAt(page, '/inbox', `/inbox (${viewport.name})`);

    expect(await page.getByTestId('inbox-count').textContent()).toBe(
      `You have ${claim.number === ALEX_CLAIMS[0].number ? 3 : 1} message${claim.number === ALEX_CLAIMS[0].number ? 's' : ''}`,
    );
    expect(await page.getByTestId('inbox-notice').textContent()).toContain(claim.number);
    // Alex has three claims: the notice mentions Switch claim.
    await expectVisible(page.getByTestId('inbox-switch-claim-note'), 'the Switch claim mention');
    expect(await page.getByTestId('inbox-send-message').getAttribute('href')).toBe('/contactus');
    expect(await page.getByTestId('inbox-view-sent').getAttribute('href')).toBe('/sentitems');
    if (!isNarrow(viewport)) {
      await expectVisible(page.getByTestId('inbox-detail-placeholder'), 'Select a message to view the details');
      expect(await page.getByTestId('toolbar-unread-badge').textContent()).toBe(`${claim.unread} unread`);
    }
    expect((await horizontalOverflow(page)).overflow).toBe(0);

    const unread = page.locator('[data-testid="inbox-item"][data-read="false"]').first();
    const id = await unread.getAttribute('data-message-id');
    await unread.click();
    const detail = page.getByTestId('inbox-detail');
    await expectVisible(detail, 'the open message');
    expect(await detail.getAttribute('data-message-id')).toBe(id);
    // Focus moves to the message.
    await page.waitForFunction(() => document.activeElement?.id === 'inbox-detail-heading');
    expect(await page.getByTestId('inbox-detail-claim').textContent()).toBe(claim.number);
    expect(await page.getByTestId('inbox-detail-received').textContent()).toMatch(
      /^\d{1,2}:\d{2}(am|pm), \d{2}\/\d{2}\/\d{4}$/,
    );
    await expectNoSeriousA11yViolations(page, `/inbox with a message open (${viewport.name})`);
    const item = page.locator(`[data-testid="inbox-item"][data-message-id="${id}"]`);
    if (isNarrow(viewport)) {
      // One at a time below 1000 px: the list is hidden; Back brings it back with focus on the message.
      await expectHidden(page.getByTestId('inbox-list'), 'the list behind the open message');
      expect((await horizontalOverflow(page)).overflow).toBe(0);
      await page.getByTestId('inbox-detail-back').click();
      await expectVisible(page.getByTestId('inbox-list'), 'the list after Back');
      await page.waitForFunction((messageId) => document.activeElement?.id === `inbox-item-${messageId}`, id);
    } else {
      await expectVisible(page.getByTestId('inbox-list'), 'the list beside the open message');
      await page
        .getByTestId('toolbar-unread-badge')
        .filter({ hasText: `${claim.unread - 1} unread` })
        .waitFor();
    }
    expect(await item.getAttribute('data-read')).toBe('true');

    // The claim home follows (a client-side page change: same document, no reload).
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await arriveAt(page, '/claim', `/claim after reading (${viewport.name})`);
    await expectVisible(unreadText(page, claim.unread - 1), `the claim home says ${claim.unread - 1} unread`);
    if (isNarrow(viewport)) expect(await menuInbox()).not.toContain('unread');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // And the server agrees after a reload.
    await page.reload();
    await arriveAt(page, '/claim', `/claim reloaded (${viewport.name})`);
    await expectVisible(unreadText(page, claim.unread - 1), 'the count after a reload');
  });
});

let samMessages: Promise<{ withFile: string; fileName: string }> | undefined;

/**
 * Sam (one claim, one message) gets 12 more, so the inbox has 13: one with a link, an e-mail and
 * a long text, and one with an attached file (uploaded as Sam, then tied to the message).
 */
function seedSamMessages(token: string): Promise<{ withFile: string; fileName: string }> {
  samMessages ??= (async () => {
    const fileName = 'letter-from-us.pdf';
    const fileId = await uploadAs(
      token,
      { FormType: 'documents' },
      { name: fileName, type: 'application/pdf', data: PDF },
    );
    const sqlite = db();
    try {
      const claimId = (sqlite.prepare('select id from claims where number = ?').get(SAM_CLAIM.number) as { id: string })
        .id;
      const now = Date.now();
      const insert = sqlite.prepare(
        'insert into inbox_messages (id, claim_id, subject, body, sent_at, received_at, read_at) values (?, ?, ?, ?, ?, ?, ?)',
      );
      for (let i = 1; i <= 12; i += 1) {
        const at = now - i * 60 * 60_000;
        const body =
          i === 1
            ? 'Your appointment letter is attached. Read more at https://www.example.com/appointments, or e-mail help@example.com if anything is unclear.'
            : `Update number ${i} about your claim.`;
        insert.run(`sam-msg-${i}`, claimId, `Claim update ${i}`, body, at - 60_000, at, i <= 2 ? null : at);
      }
      sqlite.prepare('update files set form_id = ?, submitted_at = ? where id = ?').run('sam-msg-1', now, fileId);
    } finally {
      sqlite.close();
    }
    return { withFile: 'sam-msg-1', fileName };
  })();
  return samMessages;
}

describe.each(VIEWPORTS)('load more and attachments at $name', (viewport) => {
  test('ten at a time, then the rest; the text is linked and the attached file downloads', async () => {
    const { page, token } = await open(viewport, DEMO.sam, SAM_CLAIM.number);
    const seeded = await seedSamMessages(token);
    const calls: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/inbox/getmessages'))
        calls.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
    });
    await visit(page, '/inbox', `/inbox with 13 messages (${viewport.name})`);
    expect(await page.getByTestId('inbox-count').textContent()).toBe('You have 13 messages');
    expect(await page.getByTestId('inbox-showing').textContent()).toBe('Showing 1 - 10 of 13');
    await expectCount(page.getByTestId('inbox-item'), 10, 'the first page');
    // One claim only: no Switch claim mention.
    expect(await page.getByTestId('inbox-switch-claim-note').count()).toBe(0);
    // The long text is cut within 67 characters, at the end of a word (docs/decisions/027), and "...".
    const first = page.locator('[data-testid="inbox-item"][data-message-id="sam-msg-1"]');
    const preview = (await first.getByTestId('inbox-item-preview').textContent()) ?? '';
    expect(preview).toBe('Your appointment letter is attached. Read more at...');
    expect(await first.getByTestId('attachment-icon').textContent()).toBe('1 attached file');

    await page.getByTestId('inbox-load-more').click();
    await expectCount(page.getByTestId('inbox-item'), 13, 'after Load more');
    await page.getByTestId('inbox-showing').filter({ hasText: 'Showing 1 - 13 of 13' }).waitFor();
    expect(await page.getByTestId('inbox-load-more').count()).toBe(0);
    expect(calls.map((c) => [c.Offset, c.Amount])).toEqual([
      [0, 10],
      [10, 10],
    ]);
    expect(await page.getByTestId('inbox-load-more-status').textContent()).toBe('Showing 1 - 13 of 13');
    // Focus went on to the first message loaded.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'inbox-item');
    await expectNoSeriousA11yViolations(page, `/inbox after Load more (${viewport.name})`);

    await first.click();
    const detail = page.getByTestId('inbox-detail');
    await expectVisible(detail, 'the message with the file');
    const text = page.getByTestId('inbox-detail-message');
    expect(await text.getByRole('link', { name: /www\.example\.com\/appointments/ }).getAttribute('href')).toBe(
      'https://www.example.com/appointments',
    );
    expect(await text.getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
    // The comma after the address stays text (the link ends with its screen-reader note).
    expect(await text.textContent()).toContain('appointments (opens another website in a new tab), or e-mail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('inbox-attachments-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(seeded.fileName);
    const saved = await download.path();
    expect(Buffer.compare(await readFile(saved), PDF)).toBe(0);
  });
});

let patItems: Promise<void> | undefined;

/** Two enquiries sent as Pat over the API (the same three calls the page makes), one with a file. */
function seedPatEnquiries(): Promise<void> {
  patItems ??= (async () => {
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const { AccessToken } = await api.login(DEMO.pat);
    await api.selectClaim(AccessToken, PAT_CLAIM.number);
    const send = async (category: { Item: string; ElementNumber: number }, message: string, withFile: boolean) => {
      const created = await api.post('/api/documentupload/uploadcontactform', {
        AccessToken,
        Category: category,
        Message: message,
      });
      if (created.status !== 200)
        throw new Error(`uploadcontactform answered ${created.status}: ${JSON.stringify(created.body)}`);
      const formId = (created.body as { Identifier: string }).Identifier;
      if (withFile)
        await uploadAs(
          AccessToken,
          { FormType: 'contact', FormId: formId },
          { name: 'payslip.pdf', type: 'application/pdf', data: PDF },
        );
      const submitted = await api.post('/api/documentupload/submitcontactform', {
        AccessToken,
        FormId: formId,
        IdempotencyKey: `e2e-${formId}`,
      });
      if (submitted.status !== 200)
        throw new Error(`submitcontactform answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
    };
    await send(
      { Item: 'Payments', ElementNumber: 20 },
      'When will my income support be paid? Details: https://www.example.com/pay.',
      true,
    );
    await send({ Item: 'General enquiry', ElementNumber: 10 }, 'Thank you for your help.', false);
  })();
  return patItems;
}

describe.each(VIEWPORTS)('sent items at $name', (viewport) => {
  test('the filter by kind, the panels and the detail with its file', async () => {
    await seedPatEnquiries();
    const { page } = await open(viewport, DEMO.pat, PAT_CLAIM.number);
    await visit(page, '/sent-items', `/sent-items (${viewport.name})`);
    expect(await page.getByTestId('sent-count').textContent()).toBe('You have 2 sent items');
    expect(await page.getByTestId('sent-back-to-inbox').getAttribute('href')).toBe('/inbox');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Sent items');

    // Only documents: none yet. Only enquiries: both.
    await page.getByTestId('sent-filter').locator('option', { hasText: 'Documents' }).waitFor({ state: 'attached' });
    await page.getByTestId('sent-filter').selectOption({ label: 'Documents' });
    await expectVisible(page.getByTestId('sent-empty'), 'no documents sent');
    expect(await page.getByTestId('sent-empty').textContent()).toContain(EMPTY_TEXT);
    expect(await page.getByTestId('sent-count').textContent()).toContain('You have 0 sent items');
    await page.getByTestId('sent-filter').selectOption({ label: 'Enquiry' });
    await expectCount(page.getByTestId('sent-item'), 2, 'enquiries');
    expect(new URL(page.url()).searchParams.get('type')).toBe('3');
    await expectNoSeriousA11yViolations(page, `/sent-items filtered (${viewport.name})`);

    const payments = page.getByTestId('sent-item').filter({ hasText: 'Payments' });
    expect(await payments.getByTestId('attachment-icon').textContent()).toBe('1 attached file');
    await payments.click();
    const detail = page.getByTestId('sent-detail');
    await expectVisible(detail, 'the sent item');
    await page.waitForFunction(() => document.activeElement?.id === 'sent-detail-heading');
    expect(await page.getByTestId('sent-detail-subject').textContent()).toBe('Enquiry: Payments');
    expect(await page.getByTestId('sent-detail-claim').textContent()).toBe(PAT_CLAIM.number);
    expect(await detail.getByTestId('sent-item-status').textContent()).toBe('Received');
    expect(await page.getByTestId('sent-detail-reply-by').textContent()).toContain(
      `We aim to reply by ${formatDisplayDate(enquiryReplyBy(new Date()))}`,
    );
    expect(await page.getByTestId('sent-detail-message').getByRole('link').getAttribute('href')).toBe(
      'https://www.example.com/pay',
    );
    await expectNoSeriousA11yViolations(page, `/sent-items with an item open (${viewport.name})`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('sent-attachments-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('payslip.pdf');
    if (isNarrow(viewport)) {
      await page.getByTestId('sent-detail-back').click();
      await expectVisible(page.getByTestId('sent-list'), 'the list after Back');
    }
    // Back to Inbox.
    await page.getByTestId('sent-back-to-inbox').click();
    await arriveAt(page, '/inbox', `/inbox from sent items (${viewport.name})`);
  });
});

test('an empty inbox says so', async () => {
  const { page } = await open(DESKTOP, DEMO.alex, ALEX_CLAIMS[2].number);
  await visit(page, '/inbox', '/inbox empty');
  expect(await page.getByTestId('inbox-empty').textContent()).toContain(EMPTY_TEXT);
  expect(await page.getByTestId('inbox-count').textContent()).toBe('You have 0 messages');
  expect(await page.getByTestId('inbox-load-more').count()).toBe(0);
});

describe('app mode', () => {
  test('messages and sent items open on their own pages; a sent-item page without its route data goes to sign-in', async () => {
    await seedPatEnquiries();
    const { page } = await open(PHONE, DEMO.pat, PAT_CLAIM.number);
    // /login/m turns app mode on (its guard then sends a signed-in claimant on).
    await page.goto('/login/m');
    await page.waitForURL((url) => url.pathname === '/claim' || url.pathname === '/claims');
    await settle(page);
    expect(await page.evaluate(() => window.sessionStorage.getItem('isApp'))).toBe('true');

    await page
      .getByRole('link', { name: /^Inbox\b/ })
      .first()
      .click();
    await arriveAt(page, '/inbox', '/inbox in app mode');
    expect(await page.getByTestId('inbox-view-sent').count()).toBe(0);
    expect(await page.getByTestId('inbox-detail-pane').count()).toBe(0);
    const message = page.getByTestId('inbox-item').first();
    const id = await message.getAttribute('data-message-id');
    await message.click();
    await arriveAt(page, '/inboxitemdetail', '/inboxitemdetail');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Message');
    await expectVisible(page.getByTestId('inbox-detail'), 'the message page');
    expect(await page.getByTestId('inbox-detail-back').count()).toBe(0);

    // The other spelling, opened straight from its address (?id=): the same screen.
    await visit(page, `/inbox-item-detail?id=${id ?? ''}`, '/inbox-item-detail');
    expect(await page.getByTestId('inbox-detail').getAttribute('data-message-id')).toBe(id);

    await visit(page, '/sentitems', '/sentitems in app mode');
    await page.getByTestId('sent-item').first().click();
    await arriveAt(page, '/sentitemdetail', '/sentitemdetail');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Sent message');
    await expectVisible(page.getByTestId('sent-detail'), 'the sent item page');
    await page.getByTestId('toolbar-back').click();
    await arriveAt(page, '/sentitems', '/sentitems after Back');

    // Without the route data flagged sent: /login, whose guard sends a signed-in claimant to /claims.
    await page.goto('/sent-item-detail');
    await page.waitForURL((url) => url.pathname === '/claims' || url.pathname === '/claim');
    expect(await page.getByTestId('sent-detail').count()).toBe(0);
  });

  test('an unread message is marked read once its page has loaded', async () => {
    const { page, token } = await open(PHONE, DEMO.sam, SAM_CLAIM.number);
    await seedSamMessages(token);
    const sqlite = db();
    try {
      sqlite.prepare('update inbox_messages set read_at = null where id = ?').run('sam-msg-2');
    } finally {
      sqlite.close();
    }
    await page.goto('/login/m');
    await page.waitForURL((url) => url.pathname === '/claim' || url.pathname === '/claims');
    const marked = page.waitForRequest((request) => request.url().endsWith('/api/inbox/markasread'));
    await visit(page, '/inboxitemdetail?id=sam-msg-2', '/inboxitemdetail unread');
    expect(JSON.parse((await marked).postData() ?? '{}')).toMatchObject({ MessageId: 'sam-msg-2' });
    await settle(page);
    const sqliteAfter = db();
    try {
      expect(
        (
          sqliteAfter.prepare('select read_at from inbox_messages where id = ?').get('sam-msg-2') as {
            read_at: number | null;
          }
        ).read_at,
      ).not.toBeNull();
    } finally {
      sqliteAfter.close();
    }
  });
});
