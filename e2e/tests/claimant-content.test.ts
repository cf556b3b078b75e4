/**
 * The claimant's words and the help around them (docs/decisions/027), in Chromium at 1280 × 800 and
 * 375 × 740 (the header at 320 × 740 too): the header keeps the phone and the menu on inner pages,
 * the wide toolbar is one line, the phone's claim box is one line with Switch even at 320 px and
 * the first message is on the first screen; the interpreter and relay services beside the phone
 * number (footer, sign-in page, error page); files and hours said in words; the thank-you pages' confirmation with a reference that Sent Items shows
 * too; empty states that say what will come; previews cut at a word; one Back in the message view;
 * one name for each thing. Every page visited gets the axe check.
 */
import { enquiryReplyBy, formatDisplayDate } from '@portal/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ALEX_CLAIMS, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, type Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { horizontalOverflow, screenshot, settle } from '../support/page.ts';
import { expectVisible, menuButton, sideMenu } from '../support/ui.ts';

const suite = useSuite();
const PHONE_740: Viewport = { name: 'phone', width: 375, height: 740 };
const VIEWPORTS_740 = [DESKTOP, PHONE_740] as const;
/** The narrowest phones in use (iPhone SE 1st generation, small Androids): the claim box still holds one line. */
const PHONE_320: Viewport = { name: 'phone', width: 320, height: 740 };
const [FIRST, SECOND, THIRD] = ALEX_CLAIMS;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const FILES_IN_WORDS = 'a photo, PDF, Word or Excel file up to 10 MB';
/** The first seeded inbox message of alex's first claim (apps/server/src/db/seed/demo.ts). */
const PHYSIO = 'We have approved 10 physiotherapy sessions. Your physiotherapist can bill us directly.';

async function signedIn(viewport: Viewport, claim: string = FIRST.number): Promise<Page> {
  const { page } = await suite.open(viewport);
  await seedSession(page, suite.baseURL, DEMO.alex, { claim });
  return page;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('no box: the element is not shown');
  return b;
}

/** The help-line texts: the number, the interpreter line and the relay service. */
async function expectCallHelp(scope: Locator, where: string): Promise<void> {
  const text = (await scope.textContent()) ?? '';
  expect(text, `the interpreter line ${where}`).toMatch(/TIS National on 131 450/);
  expect(text, `the relay service ${where}`).toMatch(/National Relay Service/);
  expect(text, `the phone number ${where}`).toContain('1300 654 329');
  expect(await scope.locator('a[href="tel:131450"]').count(), `131 450 is a tel: link ${where}`).toBeGreaterThan(0);
}

describe.each([...VIEWPORTS_740, PHONE_320])('the header at $name ($width×$height)', (viewport) => {
  test('keeps the phone and the menu on inner pages; one-line toolbar and claim box; the first message on screen', async () => {
    const page = await signedIn(viewport);
    for (const path of ['/inbox', '/contactus', '/account']) {
      await visit(page, path, `${path} header (${viewport.name})`);
      const phone = page.getByTestId('toolbar-phone');
      await expectVisible(phone, `the phone link in the toolbar of ${path}`);
      expect(await phone.getAttribute('href')).toBe('tel:1300654329');
      if (viewport.width < 680) {
        await expectVisible(menuButton(page), `the menu button on ${path}`);
        // The toolbar is one line: every control sits within the bar's height.
        const bar = await box(page.getByRole('banner').locator('div').first());
        for (const control of [menuButton(page), phone]) {
          const b = await box(control);
          expect(b.y + b.height, `a toolbar control of ${path} on one line`).toBeLessThanOrEqual(bar.y + 72);
        }
        expect((await horizontalOverflow(page)).overflow, `no sideways scroll on ${path}`).toBe(0);
      }
    }

    if (viewport.width < 680) {
      // The menu opens from an inner page and lists the sentence-case names.
      await menuButton(page).click();
      const menu = sideMenu(page);
      await expectVisible(menu, 'the side menu from /account');
      await expectNoSeriousA11yViolations(page, `side menu on /account (${viewport.name})`);
      for (const name of ['Send documents', 'Personal details', 'Terms and conditions', 'Privacy policy']) {
        await expectVisible(menu.getByRole('link', { name, exact: true }), `"${name}" in the side menu`);
      }
      await screenshot(page, `content-side-menu-${viewport.width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }

    await visit(page, '/inbox', `/inbox first screen (${viewport.name})`);
    const summary = page.getByTestId('claim-summary');
    const switchClaim = page.getByTestId('switch-claim');
    // The words are "Switch claim" (the capitals are the wide button's look, not its text).
    expect(await switchClaim.getAttribute('aria-label')).toBeNull();
    expect(((await switchClaim.textContent()) ?? '').trim()).toBe('Switch claim');
    expect(await page.getByRole('button', { name: 'Switch claim', exact: true }).count()).toBe(1);
    await screenshot(page, `content-inbox-${viewport.width}`, { fullPage: false });
    if (viewport.width < 680) {
      // One row: "Claim … Accident … Switch", no taller than Switch's touch target (44 px).
      const lineHeight = await summary.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
      expect((await box(summary)).height, 'the claim box is one line').toBeLessThan(lineHeight * 2 + 24);
      expect((await box(summary)).height, 'the claim box is one row').toBeLessThanOrEqual(46);
      const parts = await summary.locator('dt, dd, button').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, middle: Math.round(r.top + r.height / 2), left: r.left };
        }),
      );
      const [claimLabel, claimNumber, dateLabel, date, button] = parts;
      if (!claimLabel || !claimNumber || !dateLabel || !date || !button) throw new Error('a part of the claim box');
      if (viewport.width >= 360) {
        // Label, number, label, date and Switch side by side: their boxes share one line.
        const middles = parts.map((p) => p.middle);
        expect(
          Math.max(...middles) - Math.min(...middles),
          `one line (middles ${middles.join(', ')})`,
        ).toBeLessThanOrEqual(4);
      } else {
        // Under 360 px each label sits just above its value; the values and Switch share the row.
        for (const [label, value] of [
          [claimLabel, claimNumber],
          [dateLabel, date],
        ] as const) {
          expect(label.bottom, 'a label above its value').toBeLessThanOrEqual(value.top + 1);
          expect(Math.abs(label.left - value.left), 'a label over its value').toBeLessThanOrEqual(1);
          expect(button.top < value.bottom && button.bottom > value.top, 'Switch beside the values').toBe(true);
        }
        expect(claimNumber.left < date.left && date.left < button.left, 'number, date, Switch in a row').toBe(true);
      }
      expect((await box(switchClaim)).width, 'the short "Switch"').toBeLessThan(90);
      const line = await box(summary);
      expect(line.x + line.width, 'the claim line within the page margins').toBeLessThanOrEqual(viewport.width - 15);
      // The first message is on the first screen (at 320 px, where its lines wrap more, it starts there).
      const first = await box(page.getByTestId('inbox-item').first());
      if (viewport.width >= 360)
        expect(first.y + first.height, 'the first message ends within 740 px').toBeLessThanOrEqual(740);
      else expect(first.y + 80, 'the first message starts within 740 px').toBeLessThanOrEqual(740);
    } else {
      // The wide toolbar never wraps: every destination on one line.
      const tops = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThanOrEqual(7);
      expect(new Set(tops).size, `the main navigation is one line (tops ${tops.join(', ')})`).toBe(1);
      expect(await switchClaim.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
    }
  });
});

describe.each(VIEWPORTS_740)('help and words at $name', (viewport) => {
  test('the interpreter and relay services beside the phone number: footer, sign-in page, error page', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login help (${viewport.name})`);
    // On the sign-in page its own "Need help?" says it (the footer does not say it twice).
    await expectCallHelp(page.getByRole('complementary'), 'in the sign-in page’s help');
    expect(await page.getByRole('complementary').textContent()).toContain('8:30am to 5:30pm Melbourne time');
    expect(await page.getByTestId('call-help').count()).toBe(1);
    for (const name of ['Terms and conditions', 'Privacy policy']) {
      await expectVisible(page.getByRole('contentinfo').getByRole('link', { name, exact: true }), `"${name}"`);
    }
    await screenshot(page, `content-login-${viewport.width}`);

    // The error page: a page whose code cannot be loaded (a new version went live meanwhile).
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim before the error (${viewport.name})`);
    await expectCallHelp(page.getByRole('contentinfo'), 'in the footer of /claim');
    expect(await page.getByRole('contentinfo').textContent()).toContain('8:30am to 5:30pm Melbourne time');
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.evaluate(() => {
      window.history.pushState({}, '', '/services');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const heading = page.getByRole('heading', { level: 1 });
    await expectVisible(
      page.getByRole('heading', { name: /portal has been updated|something went wrong/ }),
      'the error page',
    );
    await page.unroute(/\/assets\/.*\.js$/);
    await expectNoSeriousA11yViolations(page, `the error page (${viewport.name})`);
    await expectCallHelp(page.locator('main'), `on the error page ("${await heading.textContent()}")`);
    await screenshot(page, `content-error-${viewport.width}`);
  });

  test('file types in words where uploads are offered; Melbourne time where hours are given', async () => {
    const page = await signedIn(viewport);
    await visit(page, '/contactus', `/contactus files (${viewport.name})`);
    expect(await page.getByTestId('contact-upload-note').textContent()).toContain(FILES_IN_WORDS);
    await visit(page, '/submitdocuments', `/submitdocuments files (${viewport.name})`);
    expect(await page.locator('main').textContent()).toContain(FILES_IN_WORDS);
    await visit(page, '/reimbursementform', `/reimbursementform files (${viewport.name})`);
    expect(await page.locator('main').textContent()).toContain(FILES_IN_WORDS);
    expect(await page.locator('main').textContent()).not.toContain('.docx');
  });
});

describe('thank-you pages', () => {
  test('Send a message: a reference to quote, the reply-by date, and the same reference in Sent Items', async () => {
    const page = await signedIn(PHONE_740, SECOND.number);
    await visit(page, '/contactus', '/contactus to thank-you');
    await screenshot(page, 'content-contactus-375');
    const type = page.getByTestId('contact-type');
    await type.locator('option', { hasText: 'General enquiry' }).waitFor({ state: 'attached' });
    await type.selectOption({ label: 'General enquiry' });
    await page.getByTestId('contact-message').fill('When is my next appointment with the specialist?');
    await page.getByTestId('contact-submit').click();
    await arriveAt(page, '/thankyou-contact-us', '/thankyou-contact-us');
    const panel = page.getByTestId('thankyou-panel');
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Your message has been sent');
    const reference = ((await page.getByTestId('thankyou-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(1);
    expect(await page.getByTestId('thankyou-reply-by').textContent()).toContain(
      `We aim to reply by ${formatDisplayDate(enquiryReplyBy(new Date()))}.`,
    );
    expect(await page.getByTestId('thankyou-sent-items').textContent()).toContain('A copy is in Sent items');
    await screenshot(page, 'content-thankyou-contact-375');

    await page.getByTestId('thankyou-sent-items').getByRole('link', { name: 'Sent items' }).click();
    await arriveAt(page, '/sentitems', '/sentitems from the thank-you page');
    await page.getByTestId('sent-item').first().click();
    await expectVisible(page.getByTestId('sent-detail'), 'the sent message');
    expect(await page.getByTestId('sent-detail-reference').textContent()).toBe(reference);
    expect(await page.getByTestId('sent-detail-reply-by').textContent()).toContain(
      formatDisplayDate(enquiryReplyBy(new Date())),
    );
    // One Back in the message view: the toolbar's; the list is "All sent items".
    expect(await page.getByRole('button', { name: /^back\b/i }).count()).toBe(1);
    await expectVisible(page.getByRole('button', { name: 'All sent items' }), '"All sent items"');
    await expectNoSeriousA11yViolations(page, 'the sent message open');
  });

  test('Send documents: the panel, what happens next and Sent Items', async () => {
    const page = await signedIn(DESKTOP, FIRST.number);
    await visit(page, '/submitdocuments', '/submitdocuments to thank-you');
    const type = page.getByTestId('documents-type');
    await type.locator('option').nth(1).waitFor({ state: 'attached' });
    await type.selectOption({ index: 1 });
    await page.getByTestId('documents-message').fill('My latest certificate.');
    await page
      .getByTestId('documents-upload-input')
      .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.locator('[data-testid="documents-upload-item"][data-filename="c.pdf"][data-state="done"]').waitFor();
    await page.getByTestId('documents-authorised').check();
    await page.getByTestId('documents-submit').click();
    await arriveAt(page, '/thankyou-documents', '/thankyou-documents');
    expect(await page.getByTestId('thankyou-panel').textContent()).toMatch(
      /^Your documents have been sentYour reference is [0-9A-F]{4}-[0-9A-F]{4}$/,
    );
    expect(await page.getByTestId('thankyou-sent-items').textContent()).toContain('A copy is in Sent items');
    expect(await page.getByTestId('thankyou-upload').textContent()).toBe('Send documents');
    await screenshot(page, 'content-thankyou-documents-1280');
  });
});

describe('messages', () => {
  test('empty inbox and sent items say what will appear; previews end at a word; one Back', async () => {
    const empty = await signedIn(PHONE_740, THIRD.number);
    await visit(empty, '/inbox', '/inbox empty');
    expect(await empty.getByTestId('inbox-empty').textContent()).toContain('our messages appear here');
    await screenshot(empty, 'content-inbox-empty-375');
    await visit(empty, '/sentitems', '/sentitems empty');
    const sentEmpty = empty.getByTestId('sent-empty');
    await expectVisible(sentEmpty, 'the empty sent items');
    expect(await sentEmpty.textContent()).toContain('a copy appears here with where we are up to');
    await screenshot(empty, 'content-sent-empty-375');

    const page = await signedIn(PHONE_740, FIRST.number);
    await visit(page, '/inbox', '/inbox previews');
    const item = page.locator('[data-testid="inbox-item"]', { hasText: 'Your physiotherapy has been approved' });
    const preview = ((await item.getByTestId('inbox-item-preview').textContent()) ?? '').trim();
    expect(preview).toBe('We have approved 10 physiotherapy sessions. Your physiotherapist...');
    expect(PHYSIO.startsWith(preview.slice(0, -3))).toBe(true);
    await item.click();
    await expectVisible(page.getByTestId('inbox-detail'), 'the open message');
    await settle(page);
    expect(await page.getByRole('button', { name: /^back\b/i }).count(), 'one Back in the message view').toBe(1);
    expect(await page.getByRole('link', { name: /^back\b/i }).count()).toBe(0);
    await expectVisible(page.getByRole('button', { name: 'All messages' }), '"All messages"');
    await expectNoSeriousA11yViolations(page, 'the message open at 375');
    await screenshot(page, 'content-inbox-message-375', { fullPage: false });
  });
});
