/**
 * Documents in Chromium: send documents with two files (progress to 100, a third
 * cancelled mid-way on a throttled connection), the draft restored after a reload, discard, the
 * validation messages, the Tax File Declaration rules, the authority form (typed alternative and
 * drawn with the mouse) and the thank-you pages. Every page visited gets the axe check.
 * The draft mirror: a tab closed while its save is stuck, and a connection that drops and comes
 * back, lose nothing; another claimant on the same browser sees none of it. Viewing an uploaded
 * file streams it (downloadfile), and its failure is the request layer's alert.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, VIEWPORTS } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { atPath, screenshot } from '../support/page.ts';

const suite = useSuite();
const [CLAIM] = ALEX_CLAIMS;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** The smallest TIFF the server's content check accepts (a header and one empty directory). */
const TIFF = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
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

/** Answers the discard question with Yes (after the 50 ms a person needs, spec 001 §4). */
async function confirmDiscard(page: Page): Promise<void> {
  await page
    .getByTestId('confirm-dialog')
    .filter({ hasText: 'You are about to lose the uploaded information. Are you sure?' })
    .waitFor();
  await page.waitForTimeout(100);
  await page.getByTestId('confirm-yes').click();
}

async function draftSaved(page: Page): Promise<void> {
  await page.getByTestId('documents-draft-status').filter({ hasText: 'Draft saved' }).waitFor();
}

async function open(viewport = DESKTOP): Promise<Page> {
  const { page } = await suite.open(viewport);
  await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
  return page;
}

const SAVE_PATH = '/api/documentupload/updatedocumentform';

type Mirrored = {
  account: string;
  synced: boolean;
  draft: { DocumentType: unknown; Description: string; Documents: Array<{ Filename: string; FileID: string }> };
};

/**
 * What this browser's draft mirror holds (IndexedDB 'portal-drafts', apps/web/src/lib/forms/draft-mirror.ts),
 * read in the page. A database that does not exist yet is not created here.
 */
async function mirrored(page: Page): Promise<Mirrored[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'portal-drafts')) return [];
    return new Promise<Mirrored[]>((resolve, reject) => {
      const open = indexedDB.open('portal-drafts');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction('drafts').objectStore('drafts').getAll();
        all.onerror = () => reject(all.error ?? new Error('getAll failed'));
        all.onsuccess = () => {
          db.close();
          resolve((all.result as Mirrored[]).map(({ account, synced, draft }) => ({ account, synced, draft })));
        };
      };
    });
  });
}

/** Alex's documents draft of CLAIM as the server has it, asked over the API (not the browser). */
async function serverDraft(): Promise<{
  Description: string;
  Documents: Array<{ Filename: string; FileID: string }>;
} | null> {
  const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
  const { AccessToken } = await api.login(DEMO.alex);
  await api.selectClaim(AccessToken, CLAIM.number);
  const { status, body } = await api.post('/api/documentupload/getdraftdocumentform', { AccessToken });
  if (status !== 200) throw new Error(`getdraftdocumentform answered ${status}: ${JSON.stringify(body)}`);
  return (
    (body as { Draft: { Description: string; Documents: Array<{ Filename: string; FileID: string }> } } | null)
      ?.Draft ?? null
  );
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
        for (const bar of Array.from(document.querySelectorAll('progress')))
          seen.push(Number(bar.getAttribute('value')));
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await pickFile(page, 'certificate.pdf', 'application/pdf', PDF);
    await uploaded(page, 'certificate.pdf');
    await pickFile(page, 'receipt.png', 'image/png', PNG);
    await uploaded(page, 'receipt.png');
    expect(await page.getByTestId('documents-upload-status').textContent()).toBe('receipt.png uploaded');

    // A slow connection: a 3 MB text file is still in flight when it is cancelled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await pickFile(page, 'diary.txt', 'text/plain', Buffer.alloc(3 * 1024 * 1024, 'a'));
    const bar = page.getByRole('progressbar', { name: 'Uploading diary.txt' });
    await bar.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('progress')?.getAttribute('value') ?? 0) > 0);
    await page.getByRole('button', { name: 'Cancel uploading diary.txt' }).click();
    await page
      .locator('[data-testid="documents-upload-item"][data-filename="diary.txt"]')
      .waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await page.getByTestId('documents-upload-item').count()).toBe(2);
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);

    await draftSaved(page);
    await page.reload();
    await arriveAt(page, '/submitdocuments', '/submitdocuments restored');
    expect(await page.getByTestId('documents-message').inputValue()).toBe(
      'My latest certificate and a photo of my receipt.',
    );
    await uploaded(page, 'certificate.pdf');
    await uploaded(page, 'receipt.png');

    // Without the authorisation: the message is tied to the box.
    await page.getByTestId('documents-submit').click();
    await page
      .getByTestId('documents-errors')
      .filter({ hasText: 'Tick the box to confirm your declaration' })
      .waitFor();
    expect(await page.getByTestId('documents-authorised').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('documents-authorised').check();
    await page.getByTestId('documents-submit').click();
    await arriveAt(page, '/thankyou-documents', '/thankyou-documents');
    expect(await page.getByTestId('thankyou-documents-note').textContent()).toMatch(/modify or delete/);
    expect(await page.getByTestId('thankyou-home').getAttribute('href')).toBe('/claim');
    expect(await page.getByTestId('thankyou-upload').getAttribute('href')).toBe('/forms');
    expect(await page.getByTestId('thankyou-inbox').getAttribute('href')).toBe('/inbox');
  });

  test('on a phone, a lost signal pauses an upload and it goes on from where it stopped; after a reload the same file carries on', async () => {
    // Its uploads stay in alex's draft: a server of its own, so the other tests start from none.
    await suite.withOwnServer(PHONE, async ({ page }, server) => {
      await seedSession(page, server.url, DEMO.alex, { claim: CLAIM.number });
      await visit(page, '/submitdocuments', '/submitdocuments (phone)');
      // Each PATCH of the tus upload, with the offset it starts from.
      const patches: Array<{ url: string; offset: number }> = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/tus/'))
          patches.push({ url: request.url(), offset: Number(request.headers()['upload-offset']) });
      });
      const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
      const diary = path.join(dir, 'diary.txt');
      const notes = path.join(dir, 'notes.txt');
      await writeFile(diary, Buffer.alloc(2 * 1024 * 1024, 'a'));
      await writeFile(notes, Buffer.alloc(2 * 1024 * 1024, 'b'));
      const cdp = await page.context().newCDPSession(page);
      const throttle = (uploadThroughput: number) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput,
        });
      const progressOf = () =>
        page.evaluate(() => Number(document.querySelector('progress')?.getAttribute('value') ?? 0));
      try {
        await throttle(256 * 1024);
        await page.getByTestId('documents-upload-input').setInputFiles(diary);
        await expect.poll(progressOf, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);

        // The signal goes: the upload waits, and says so.
        await page.context().setOffline(true);
        await page
          .getByTestId('documents-upload-progress-text')
          .filter({ hasText: 'Paused — waiting for a connection' })
          .waitFor();
        expect(await page.getByTestId('documents-upload-status').textContent()).toBe(
          'diary.txt: Paused — waiting for a connection',
        );
        await expectNoSeriousA11yViolations(page, '/submitdocuments with an upload paused (phone)');
        await screenshot(page, 'documents-upload-paused-phone');
        // It comes back: the upload goes on by itself from the offset the server holds.
        await page.context().setOffline(false);
        await throttle(-1);
        await uploaded(page, 'diary.txt');
        expect(patches.length).toBeGreaterThanOrEqual(2);
        expect(patches.at(-1)?.url).toBe(patches[0]?.url);
        expect(patches.at(-1)?.offset).toBeGreaterThan(0);

        // A reload part-way: picking the same file again carries on with the same upload.
        patches.length = 0;
        await throttle(256 * 1024);
        await page.getByTestId('documents-upload-input').setInputFiles(notes);
        await expect.poll(() => patches.length).toBe(1);
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll('progress')).some((bar) => Number(bar.getAttribute('value')) >= 20),
        );
        await page.reload();
        await arriveAt(page, '/submitdocuments', '/submitdocuments after a reload mid-upload (phone)');
        await throttle(-1);
        await page.getByTestId('documents-upload-input').setInputFiles(notes);
        await uploaded(page, 'notes.txt');
        expect(patches.at(-1)?.url).toBe(patches[0]?.url);
        expect(patches.at(-1)?.offset).toBeGreaterThan(0);
        await screenshot(page, 'documents-upload-resumed-phone');
      } finally {
        await page.context().setOffline(false);
        await throttle(-1).catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  test('validation messages, Tax File Declaration rules, the reimbursement type, refused files, discard', async () => {
    const page = await open();
    await visit(page, '/submitdocuments', '/submitdocuments empty');
    await page.getByTestId('documents-submit').click();
    const errors = page.getByTestId('documents-errors');
    await errors.filter({ hasText: 'Please select a document type' }).waitFor();
    const text = (await errors.textContent()) ?? '';
    for (const message of [
      'Please provide a message (max 1000 characters)',
      'Please upload at least one document',
      'Tick the box to confirm your declaration',
    ]) {
      expect(text).toContain(message);
    }

    // Refused before sending.
    await page
      .getByTestId('documents-upload-input')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByTestId('error-alert-message').filter({ hasText: 'Document type is not accepted' }).waitFor();
    await page.getByTestId('error-alert-ok').click();

    // Tax File Declaration Form: no message needed, one document only.
    await chooseType(page, 'Tax File Declaration Form');
    await pickFile(page, 'tfd.pdf', 'application/pdf', PDF);
    await uploaded(page, 'tfd.pdf');
    expect(await page.getByTestId('documents-upload-input').isDisabled()).toBe(true);
    await page.getByTestId('documents-submit').click();
    await page
      .getByTestId('documents-errors')
      .filter({ hasText: 'Tick the box to confirm your declaration' })
      .waitFor();
    expect(await errors.textContent()).not.toContain('Please provide a message');

    // Reimbursement: the message is blocked and the form is pointed to.
    await chooseType(page, 'Reimbursement');
    expect(await page.getByTestId('documents-message').isDisabled()).toBe(true);
    expect(await page.getByTestId('documents-reimbursement-note').locator('a').getAttribute('href')).toBe(
      '/reimbursementform',
    );

    // Discard asks, then the draft is gone.
    await draftSaved(page);
    await page.getByTestId('documents-discard').click();
    await page
      .getByTestId('confirm-dialog')
      .filter({ hasText: 'You are about to lose the uploaded information. Are you sure?' })
      .waitFor();
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

describe('the draft mirror (drafts survive a closed tab and a dropped connection)', () => {
  test('a tab closed after its save was lost to a dropped connection loses nothing; another claimant never sees it; the next opening restores and sends it', async () => {
    const context = await suite.openContext(DESKTOP);
    const first = await context.newPage();
    await seedSession(first, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
    await visit(first, '/submitdocuments', '/submitdocuments (mirror)');
    await chooseType(first, 'Medical certificate');
    await first.getByTestId('documents-message').fill('On the server.');
    await draftSaved(first);
    expect((await serverDraft())?.Description).toBe('On the server.');

    // The connection drops: the next save never reaches the server. (A request held by a route
    // is let through when its page closes, so the route fails it as a lost connection would.)
    await first.route(`**${SAVE_PATH}`, (route) => route.abort('internetdisconnected'));
    const dropped = first.waitForEvent('requestfailed', (r) => r.url().endsWith(SAVE_PATH));
    const typed = 'On the server. Then typed while the connection was down.';
    await first.getByTestId('documents-message').fill(typed);
    await dropped; // just over a second later: the debounced save was tried and lost
    // Only the draft JSON, keyed to Alex, not yet on the server.
    expect(await mirrored(first)).toEqual([
      {
        account: DEMO.alex,
        synced: false,
        draft: {
          DocumentType: { Id: expect.any(Number), Item: 'Medical certificate' },
          Description: typed,
          Documents: [],
        },
      },
    ]);
    await first.close(); // abruptly: no beforeunload, nothing else sent
    expect((await serverDraft())?.Description).toBe('On the server.');

    // Another claimant on the same browser: their own (empty) form, nothing restored.
    const other = await context.newPage();
    await seedSession(other, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(other, '/submitdocuments', '/submitdocuments (another claimant)');
    expect(await other.getByTestId('documents-message').inputValue()).toBe('');
    expect(await other.getByTestId('documents-restored').textContent()).toBe('');
    await other.close();

    // Alex again, in a new tab with a new sign-in (the mirror is the account's, not the token's).
    const second = await context.newPage();
    await seedSession(second, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
    await visit(second, '/submitdocuments', '/submitdocuments (restored)');
    await second
      .getByTestId('documents-restored')
      .filter({ hasText: 'We restored the changes you made on this device' })
      .waitFor();
    expect(await second.getByTestId('documents-message').inputValue()).toBe(typed);
    await draftSaved(second);
    expect((await serverDraft())?.Description).toBe(typed);
    await expect.poll(async () => (await mirrored(second)).find((m) => m.account === DEMO.alex)?.synced).toBe(true);

    // Opened once more: the server has it all, so nothing is "restored".
    await second.reload();
    await arriveAt(second, '/submitdocuments', '/submitdocuments (after the restore)');
    expect(await second.getByTestId('documents-message').inputValue()).toBe(typed);
    expect(await second.getByTestId('documents-restored').textContent()).toBe('');

    // Discard clears the mirror too: nothing comes back.
    await second.getByTestId('documents-discard').click();
    await confirmDiscard(second);
    await arriveAt(second, '/forms', '/forms after discard (mirror)');
    expect(await serverDraft()).toBeNull();
    await expect.poll(async () => (await mirrored(second)).filter((m) => m.account === DEMO.alex)).toEqual([]);
    await second.getByTestId('forms-send-documents').click();
    await arriveAt(second, '/submitdocuments', '/submitdocuments after discard (mirror)');
    expect(await second.getByTestId('documents-message').inputValue()).toBe('');
    expect(await second.getByTestId('documents-restored').textContent()).toBe('');
  });

  test('offline: what is typed reaches the server when the connection comes back', async () => {
    const page = await open();
    await visit(page, '/submitdocuments', '/submitdocuments (offline)');
    await chooseType(page, 'Medical certificate');
    await draftSaved(page);

    await page.context().setOffline(true);
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith(SAVE_PATH));
    await page.getByTestId('documents-message').fill('Typed on the train.');
    await failed;
    expect((await serverDraft())?.Description).toBe('');

    await page.context().setOffline(false);
    await expect.poll(async () => (await serverDraft())?.Description, { timeout: 10_000 }).toBe('Typed on the train.');
    await draftSaved(page);
    expect(await page.getByTestId('documents-restored').textContent()).toBe('');

    // Signing out forgets this device's copy.
    expect(await mirrored(page)).toHaveLength(1);
    await page.getByTestId('toolbar-sign-out').click();
    await page.waitForURL(atPath('/login'));
    await expect.poll(() => mirrored(page)).toEqual([]);
  });
});

describe('viewing an uploaded file (streamed download)', () => {
  test('a text file opens in a tab, a TIFF downloads under its own name, a file gone from the server is an alert', async () => {
    const page = await open();
    await visit(page, '/submitdocuments', '/submitdocuments (view)');
    await chooseType(page, 'Medical certificate');
    const text = 'Physio notes — week 3: less pain.\n';
    await pickFile(page, 'notes.txt', 'text/plain', Buffer.from(text, 'utf8'));
    await uploaded(page, 'notes.txt');
    await pickFile(page, 'scan é.tif', 'image/tiff', TIFF);
    await uploaded(page, 'scan é.tif');
    await draftSaved(page);
    // The mirror holds the uploaded files' names and FileIDs, never their contents.
    expect((await mirrored(page))[0]?.draft.Documents).toEqual([
      { Filename: 'notes.txt', FileID: expect.any(String) },
      { Filename: 'scan é.tif', FileID: expect.any(String) },
    ]);
    // After a reload the files are the server's, not the picked ones.
    await page.reload();
    await arriveAt(page, '/submitdocuments', '/submitdocuments (view, restored)');
    await uploaded(page, 'notes.txt');

    const streamed = page.waitForRequest((r) => r.url().endsWith('/api/documentupload/downloadfile'));
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'View notes.txt' }).click(),
    ]);
    expect((await streamed).postDataJSON()).toMatchObject({ Identifier: expect.any(String) });
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^blob:/);
    expect(await tab.evaluate(() => document.body.innerText)).toBe(text);
    await tab.close();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'View scan é.tif' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('scan é.tif');
    const path = await download.path();
    expect(Buffer.compare(await readFile(path), TIFF)).toBe(0);

    // The file is removed behind the page's back: the server's 225 list is shown like any call's.
    const draft = await serverDraft();
    const notes = draft?.Documents.find((d) => d.Filename === 'notes.txt');
    if (!notes) throw new Error('notes.txt is not in the server draft');
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const { AccessToken } = await api.login(DEMO.alex);
    await api.selectClaim(AccessToken, CLAIM.number);
    expect((await api.post('/api/documentupload/discardfile', { AccessToken, FileId: notes.FileID })).status).toBe(200);
    await page.getByRole('button', { name: 'View notes.txt' }).click();
    const alert = page.getByTestId('error-alert-message');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('quote error 451.');
    await page.getByTestId('error-alert-ok').click();
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
