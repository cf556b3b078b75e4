/**
 * Screenshots of /login, /claims and /claim at both sizes (into e2e/screenshots/, gitignored, to
 * be looked at), no horizontal scrolling at 375 px, the shell's footer, and the upload forms' one
 * file picker inside 320 px.
 */
import { describe, expect, test } from 'vitest';
import { ALEX_CLAIMS, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { VIEWPORTS, isNarrow } from '../support/browser.ts';
import { useSuite, visit } from '../support/harness.ts';
import { horizontalOverflow, screenshot } from '../support/page.ts';
import { expectVisible } from '../support/ui.ts';

const suite = useSuite();
const [FIRST] = ALEX_CLAIMS;

describe.each(VIEWPORTS)('layout at $name ($width×$height)', (viewport) => {
  test('/login, /claims and /claim: screenshots, footer, no horizontal scroll on a phone', async () => {
    const { page } = await suite.open(viewport);
    const pages: { path: string; setup?: () => Promise<unknown> }[] = [
      { path: '/login' },
      { path: '/claims', setup: () => seedSession(page, suite.baseURL, DEMO.alex) },
      { path: '/claim', setup: () => seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number }) },
    ];
    for (const { path, setup } of pages) {
      await setup?.();
      await visit(page, path, `${path} (${viewport.name})`);
      const footer = page.getByRole('contentinfo');
      await expectVisible(footer.getByText('Version: 1.5.30'), `the version text in the footer of ${path}`);
      await expectVisible(
        footer.getByRole('link', { name: /Terms (&|and) Conditions/i }),
        `Terms & Conditions in the footer of ${path}`,
      );
      await expectVisible(
        footer.getByRole('link', { name: /Privacy Policy/i }),
        `Privacy Policy in the footer of ${path}`,
      );
      const title = await page.title();
      expect(title, `the page title of ${path} names the web portal`).toMatch(/portal/i);
      await screenshot(page, `${path.slice(1)}-${viewport.name}`);
      if (isNarrow(viewport)) {
        const { overflow, culprits } = await horizontalOverflow(page);
        expect(
          overflow,
          `horizontal overflow on ${path} at ${viewport.width} px; widest elements: ${culprits.join(', ')}`,
        ).toBeLessThanOrEqual(0);
      }
    }
  });
});

describe('the upload forms at 320 px', () => {
  test('Send a message, Upload documents and Claim reimbursement: one file picker, inside the page', async () => {
    const { page } = await suite.open({ name: 'phone', width: 320, height: 700 });
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    const looks: string[] = [];
    for (const path of ['/contactus', '/submitdocuments', '/reimbursementform']) {
      await visit(page, path, `${path} (320 px)`);
      // Send a message offers its picker once an enquiry type is chosen.
      if (path === '/contactus') await page.getByTestId('contact-type').selectOption({ index: 1 });
      const picker = page.locator('main input[type="file"]').first();
      await picker.waitFor({ state: 'attached' });
      const seen = await picker.evaluate((el) => {
        const button = getComputedStyle(el, '::file-selector-button');
        const box = el.getBoundingClientRect();
        return {
          className: el.className,
          right: box.right,
          look: [button.borderTopColor, button.borderTopWidth, button.paddingLeft, button.fontWeight].join(' '),
        };
      });
      expect(seen.className, `the file input of ${path}`).toBe('file-picker');
      expect(seen.right, `the file input's right edge on ${path}`).toBeLessThanOrEqual(320);
      looks.push(seen.look);
      const { overflow, culprits } = await horizontalOverflow(page);
      expect(overflow, `horizontal overflow on ${path} at 320 px: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
    }
    expect(new Set(looks).size, `the file pickers' buttons: ${looks.join(' | ')}`).toBe(1);
  });
});
