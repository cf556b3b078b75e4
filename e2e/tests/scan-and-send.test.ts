/**
 * Scan and send in Chromium (decision 044), at 375 px: four photos of a paper letter taken one by
 * one on Upload documents — one stored sideways with an EXIF orientation (as phones save them),
 * one sideways with none (the claimant turns it), and the last two taken out of order (the
 * claimant moves one) — joined in the browser into one PDF named "GP letter, 4 pages", uploaded
 * as any file. The server's copy is read back and each page drawn by poppler (pdftoppm, as Evince
 * and most PDF tools draw it): four upright pages in order. At 1280 px, a page photographed on
 * Send a message is held with the message as one PDF. Axe on every state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { run } from '../../apps/server/test/pdf-viewers.ts';
import { ALEX_CLAIMS, ApiClient, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, PHONE } from '../support/browser.ts';
import { useSuite, visit } from '../support/harness.ts';
import { screenshot } from '../support/page.ts';
import { portalDb } from '../support/portal-db.ts';
import { expectVisible } from '../support/ui.ts';

const suite = useSuite();
const [CLAIM] = ALEX_CLAIMS;

/** Each page's mark, in the top-left corner of the upright page: which page it is. */
const MARKS = [
  [0, 0, 0],
  [0, 160, 0],
  [230, 200, 0],
  [255, 0, 255],
] as const;

type Photo = { name: string; mark: number; stored: 'upright' | 'exif-6' | 'sideways' };
const PHOTO_ONE: Photo = { name: 'IMG_0101.jpg', mark: 0, stored: 'upright' };

/**
 * A photo of an upright portrait page (300 × 400: red above, blue below, the page's mark top left),
 * made by the browser's own JPEG encoder. `exif-6` stores it turned a quarter anticlockwise with
 * EXIF orientation 6 (shown turned back, as a phone held upright saves it); `sideways` stores it
 * turned the same way with no EXIF (the photo really is sideways).
 */
async function photo(page: Page, p: Photo): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ mark, stored }) => {
      const upright = document.createElement('canvas');
      upright.width = 300;
      upright.height = 400;
      const u = upright.getContext('2d')!;
      u.fillStyle = 'rgb(220,0,0)';
      u.fillRect(0, 0, 300, 200);
      u.fillStyle = 'rgb(0,0,220)';
      u.fillRect(0, 200, 300, 200);
      u.fillStyle = `rgb(${mark.join(',')})`;
      u.fillRect(0, 0, 60, 60);
      let out = upright;
      if (stored !== 'upright') {
        out = document.createElement('canvas');
        out.width = 400;
        out.height = 300;
        const o = out.getContext('2d')!;
        o.translate(0, 300);
        o.rotate(-Math.PI / 2);
        o.drawImage(upright, 0, 0);
      }
      const blob = await new Promise<Blob>((resolve) => out.toBlob((b) => resolve(b!), 'image/jpeg', 0.95));
      let bytes = new Uint8Array(await blob.arrayBuffer());
      if (stored === 'exif-6') {
        // APP1 "Exif": a big-endian TIFF with one entry, Orientation (0x0112) = 6, right after SOI.
        const exif = [
          0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
          0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        ];
        bytes = new Uint8Array([...bytes.slice(0, 2), ...exif, ...bytes.slice(2)]);
      }
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    },
    { mark: [...MARKS[p.mark]!], stored: p.stored },
  );
  return Buffer.from(base64, 'base64');
}

/** A P6 PPM as pdftoppm writes it: its size and the pixel at (x, y). */
function readPpm(file: string) {
  const data = fs.readFileSync(file);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${file} is not a P6 PPM`);
  const [all, w, h] = header;
  const width = Number(w);
  const height = Number(h);
  const start = all.length;
  const at = (x: number, y: number) => {
    const i = start + (Math.floor(y) * width + Math.floor(x)) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  return { width, height, at };
}

const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) < 60);

describe('scan and send (phone)', () => {
  test('four photos, one turned by EXIF and one by the claimant, one moved, make one upright four-page PDF', async () => {
    const { page } = await suite.open(PHONE);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
    await visit(page, '/submitdocuments', '/submitdocuments (phone)');
    const scan = page.getByTestId('documents-upload-scan');
    await scan.getByRole('button', { name: 'Take photos of a paper document' }).click();
    await expectVisible(scan.getByRole('heading', { name: 'Photos of a paper document' }), 'the scan panel');
    await expectNoSeriousA11yViolations(page, 'scan and send, no pages yet (phone)');

    const camera = scan.getByTestId('documents-upload-scan-camera');
    const photos: Photo[] = [
      { name: 'IMG_0001.jpg', mark: 0, stored: 'upright' },
      { name: 'IMG_0002.jpg', mark: 1, stored: 'exif-6' },
      { name: 'IMG_0004.jpg', mark: 3, stored: 'upright' },
      { name: 'IMG_0003.jpg', mark: 2, stored: 'sideways' },
    ];
    for (const [i, p] of photos.entries()) {
      await camera.setInputFiles({ name: p.name, mimeType: 'image/jpeg', buffer: await photo(page, p) });
      await expect.poll(() => scan.getByTestId('documents-upload-scan-page').count()).toBe(i + 1);
      await expect
        .poll(() => scan.getByTestId('documents-upload-scan-status').textContent())
        .toBe(`Page ${i + 1} added`);
    }
    // The sideways photo is turned; the last page is moved before the one taken before it.
    await scan.getByRole('button', { name: 'Turn page 4' }).click();
    // Its thumbnail is shown turned (by the stylesheet: the content security policy allows no inline style).
    await expect
      .poll(() => scan.getByRole('img', { name: 'Page 4' }).evaluate((img) => getComputedStyle(img).transform))
      .toBe('matrix(0, 1, -1, 0, 0, 0)');
    await scan.getByRole('button', { name: 'Earlier page 4' }).click();
    await expect
      .poll(() => scan.getByTestId('documents-upload-scan-status').textContent())
      .toBe('Page 4 is now page 3');
    // The keyboard stays on the page it moved: now page 3.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Earlier page 3');
    await scan.getByLabel('What is this document?').pressSequentially('GP letter');
    await expectNoSeriousA11yViolations(page, 'scan and send, four pages (phone)');
    await screenshot(page, 'scan-pages-phone');

    await scan.getByRole('button', { name: 'Add as one PDF' }).click();
    const item = page.locator(
      '[data-testid="documents-upload-item"][data-filename="GP letter, 4 pages.pdf"][data-state="done"]',
    );
    await item.waitFor({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, 'scan and send, the PDF uploaded (phone)');
    await screenshot(page, 'scan-uploaded-phone');

    // The server's copy, read back and drawn by poppler page by page.
    const db = portalDb(suite.server.dataDir, { readOnly: true });
    const row = db.prepare('select id, size from files where original_name = ?').get('GP letter, 4 pages.pdf') as
      { id: string; size: number } | undefined;
    db.close();
    expect(row).toBeDefined();
    const api = new ApiClient(suite.baseURL);
    const content = await api.post('/api/documentupload/getfilecontent', { AccessToken: token, Identifier: row?.id });
    expect(content.status).toBe(200);
    const pdf = Buffer.from((content.body as { Data: string }).Data, 'base64');
    expect(pdf.length).toBe(Number(row?.size));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-'));
    try {
      fs.writeFileSync(path.join(dir, 'scan.pdf'), pdf);
      expect(run('pdfinfo', [path.join(dir, 'scan.pdf')]).stdout.toString()).toMatch(/^Pages:\s+4$/m);
      run('pdftoppm', ['-r', '20', path.join(dir, 'scan.pdf'), path.join(dir, 'page')]);
      const pages = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.ppm'))
        .sort();
      expect(pages).toHaveLength(4);
      for (const [i, file] of pages.entries()) {
        const drawn = readPpm(path.join(dir, file));
        expect(drawn.height, `page ${i + 1} is portrait`).toBeGreaterThan(drawn.width);
        const { width: w, height: h } = drawn;
        expect(near(drawn.at(w * 0.07, h * 0.05), MARKS[i]!), `page ${i + 1}'s mark, top left`).toBe(true);
        expect(near(drawn.at(w * 0.7, h * 0.25), [220, 0, 0]), `page ${i + 1}: red above`).toBe(true);
        expect(near(drawn.at(w * 0.5, h * 0.75), [0, 0, 220]), `page ${i + 1}: blue below`).toBe(true);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('at 1280 px on Send a message: a photographed page goes with the message as one PDF', async () => {
    const { page } = await suite.open(DESKTOP);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
    await visit(page, '/contactus', '/contactus (desktop)');
    // Documents can be added once the message says what it is about.
    const type = page.getByTestId('contact-type');
    await type.locator('option').nth(1).waitFor({ state: 'attached' });
    await type.selectOption({ index: 1 });
    await page.getByTestId('contact-message').pressSequentially('The receipt from the chemist.');
    const scan = page.getByTestId('contact-upload-scan');
    await scan.getByRole('button', { name: 'Take photos of a paper document' }).click();
    await scan
      .getByTestId('contact-upload-scan-camera')
      .setInputFiles({ name: 'IMG_0101.jpg', mimeType: 'image/jpeg', buffer: await photo(page, PHOTO_ONE) });
    await expect.poll(() => scan.getByTestId('contact-upload-scan-page').count()).toBe(1);
    await scan.getByLabel('What is this document?').pressSequentially('Pharmacy receipt');
    await expectNoSeriousA11yViolations(page, 'scan and send on Send a message (desktop)');
    await screenshot(page, 'scan-pages-1280');
    await scan.getByRole('button', { name: 'Add as one PDF' }).click();
    await expectVisible(
      page.getByTestId('contact-files').getByText('Pharmacy receipt, 1 page.pdf'),
      'the PDF, held to send',
    );
    await expectNoSeriousA11yViolations(page, 'Send a message with the PDF held (desktop)');
  });
});
