/**
 * The floating "Back to top" link, and any other fixed element, never covers what the claimant
 * needs (decision 027): on a phone (375 × 740), on every page with a form, scrolled a quarter, half,
 * three quarters and all the way down, no fixed element covers a visible form control or link (their
 * boxes do not meet, and the point at the centre of each control is the control's own); at the
 * bottom the link shows, in the room the page keeps for it; and it stands aside while a text field
 * has focus (the phone's keyboard is up).
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SAM_CLAIM, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import type { Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { screenshot, settle } from '../support/page.ts';

const suite = useSuite();

const PHONE_740: Viewport = { name: 'phone', width: 375, height: 740 };
const SAM_SURVEY = { claim: ['22', '11111'] as const, dob: '30/01/1990' };

const SIGNED_OUT_FORMS = ['/login', '/register', '/forgotusername', '/forgotpassword', '/surveyvalidation'];
const SIGNED_IN_FORMS = ['/contactus', '/submitdocuments', '/reimbursementform', '/authorityform', '/updatepassword'];

/** Scrolls to a fraction of the page's height and lets the page react (two frames and a breath). */
async function scrollToFraction(page: Page, fraction: number): Promise<number> {
  const y = await page.evaluate((f) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.round(max * f), behavior: 'instant' });
    return window.scrollY;
  }, fraction);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForTimeout(50);
  return y;
}

/**
 * Every visible fixed (or sticky) element that covers a visible form control or link, outside
 * dialogs (a modal dialog covers the page on purpose): by boxes, and by what is hit at the centre
 * of each control.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${text ? ` "${text}"` : ''}`;
    };
    const seen = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      if (r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth) return false;
      return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const fixed = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const position = getComputedStyle(el).position;
      if (position !== 'fixed' && position !== 'sticky') return false;
      if (el.closest('[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog')) return false;
      return seen(el);
    });
    const controls = Array.from(
      document.querySelectorAll('input:not([type="hidden"]), textarea, select, button, a[href], canvas'),
    ).filter(seen);
    const problems: string[] = [];
    for (const control of controls) {
      const c = control.getBoundingClientRect();
      for (const cover of fixed) {
        if (cover.contains(control) || control.contains(cover)) continue;
        const f = cover.getBoundingClientRect();
        const width = Math.min(c.right, f.right) - Math.max(c.left, f.left);
        const height = Math.min(c.bottom, f.bottom) - Math.max(c.top, f.top);
        if (width > 0.5 && height > 0.5) problems.push(`${name(cover)} covers ${name(control)} (boxes meet)`);
      }
      const x = (c.left + c.right) / 2;
      const y = (c.top + c.bottom) / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      const cover =
        hit && !control.contains(hit) ? fixed.find((f) => f.contains(hit) && !f.contains(control)) : undefined;
      if (cover) problems.push(`${name(cover)} is hit at the centre of ${name(control)}`);
    }
    return problems;
  });
}

async function backToTopShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const link = document.querySelector('[data-testid="back-to-top"]');
    return !!link && link.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  });
}

async function blurActive(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Checks one page at every scroll position; the label names it in a failure. */
async function checkPage(page: Page, label: string): Promise<void> {
  await settle(page);
  await blurActive(page);
  for (const fraction of [0.25, 0.5, 0.75, 1]) {
    const y = await scrollToFraction(page, fraction);
    const problems = await coveredControls(page);
    expect(problems, `${label} scrolled to ${fraction * 100}% (${y} px)`).toEqual([]);
    if (fraction === 1 && y > 20) {
      // At the end of the page the link is there, in the room kept for it.
      expect(await backToTopShown(page), `${label}: "Back to top" at the bottom of the page`).toBe(true);
    }
  }
}

describe('the floating link on a phone (375 × 740)', () => {
  test.each(SIGNED_OUT_FORMS)('covers no form control or link on %s, at any scroll position', async (path) => {
    const { page } = await suite.open(PHONE_740);
    await visit(page, path, `${path} (375 × 740)`);
    await checkPage(page, path);
  });

  test.each(SIGNED_IN_FORMS)('covers no form control or link on %s, at any scroll position', async (path) => {
    const { page } = await suite.open(PHONE_740);
    await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(page, path, `${path} (375 × 740)`);
    await checkPage(page, path);
  });

  test('covers no form control or link on the survey intro and questions', async () => {
    const { page } = await suite.open(PHONE_740);
    await visit(page, '/surveyvalidation', '/surveyvalidation for the questions');
    await page.getByTestId('survey-claim-number-first').pressSequentially(SAM_SURVEY.claim[0]);
    await page.keyboard.type(SAM_SURVEY.claim[1]);
    await page.getByTestId('survey-date-of-birth').fill(SAM_SURVEY.dob);
    await page.getByTestId('survey-date-of-birth').press('Tab');
    await page.getByTestId('survey-submit').click();
    await arriveAt(page, '/surveyintro', '/surveyintro (375 × 740)');
    await checkPage(page, '/surveyintro');
    await page.getByTestId('survey-intro-yes').click();
    await arriveAt(page, '/survey', '/survey (375 × 740)');
    await checkPage(page, '/survey');
  });

  test('stands aside while a text field has focus, and comes back when it is left', async () => {
    const { page } = await suite.open(PHONE_740);
    await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(page, '/contactus', '/contactus (375 × 740)');
    await settle(page);
    await blurActive(page);
    const y = await scrollToFraction(page, 1);
    expect(y, 'the page scrolls far enough for the link').toBeGreaterThan(20);
    expect(await backToTopShown(page), 'the link at the bottom of /contactus').toBe(true);
    await screenshot(page, 'floating-link-contactus-bottom-375', { fullPage: false });

    // The message box, focused where it is (a tap does not scroll the page), brings the keyboard up.
    const message = page.locator('textarea').first();
    await message.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
    await page.waitForTimeout(50);
    expect(await page.evaluate(() => window.scrollY), 'still scrolled').toBeGreaterThan(20);
    expect(await backToTopShown(page), 'the link while the message box has focus').toBe(false);
    await screenshot(page, 'floating-link-contactus-typing-375', { fullPage: false });

    await blurActive(page);
    await page.waitForTimeout(50);
    expect(await backToTopShown(page), 'the link once the message box is left').toBe(true);
  });
});
