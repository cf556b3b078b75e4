/**
 * Content in Chromium: what we can pay for (the list and a detail page with its
 * breadcrumbs), the three legal pages (with nh=1 and r=1, and the privacy policy reached from
 * /register), links to other websites in content (modified and middle clicks still ask before
 * leaving), and the self-assessment survey end to
 * end — validation, a wrong date three times then the help line, the intro's No path (outro with
 * Register for Jordan, who has no account) and its Yes path (answers kept after a reload, submit,
 * outro with Sign in for Sam). Every page visited gets the axe check.
 *
 * The survey's identity check is rate-limited per address (10 a minute) and failures are counted
 * per claim number, so the No path (4 checks) runs on a server of its own per viewport and the
 * shared server sees only Sam's two checks.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, DEMO } from '../support/api.ts';
import { seedSession, storedUser } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { providerClient } from '../support/provider.ts';
import { expectCount, expectVisible, header, main } from '../support/ui.ts';

const suite = useSuite();

const HELP_LINE = 'Need help? Contact us on 1300 654 329';
const NOT_MATCHED =
  'Those details do not match our records. Check your claim number and date of birth, then try again.';
const JORDAN = { claim: ['12', '34567'] as const, dob: '01/02/1980' };
const SAM = { claim: ['22', '11111'] as const, dob: '30/01/1990' };

async function h1Text(page: Page): Promise<string> {
  return ((await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim();
}

async function isFocused(page: Page, testIdOrSelector: string): Promise<boolean> {
  return page.evaluate((selector) => document.activeElement === document.querySelector(selector), testIdOrSelector);
}

describe.each(VIEWPORTS)('what we can pay for at $name ($width×$height)', (viewport) => {
  test('the list shows every service with its excess star explained; a tile opens its detail with breadcrumbs', async () => {
    const { page } = await suite.open(viewport);
    const [claim] = ALEX_CLAIMS;
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: claim.number });
    await visit(page, '/services', `/services (${viewport.name})`);
    expect(await h1Text(page)).toBe('What we can pay for');

    const tiles = page.getByTestId('service-tile');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBeGreaterThanOrEqual(15);
    // The star is explained by a visible legend and, on each starred tile, in words.
    await expectVisible(page.getByTestId('services-legend'), 'the star legend');
    expect(await page.getByTestId('services-legend').textContent()).toMatch(/A star means the medical excess applies/);
    const starred = page.locator('[data-testid="service-tile"][data-excess="true"]');
    expect(await starred.count()).toBeGreaterThan(0);
    await expect(starred.first().textContent()).resolves.toContain('(the medical excess applies)');
    await expectVisible(page.getByTestId('services-notes'), "the list's notes (content 'servicelist')");
    expect(await page.getByTestId('services-notes').textContent()).toMatch(/\w{4,}/);

    // Open a starred service from further down the list.
    const target = starred.nth(Math.min(3, (await starred.count()) - 1));
    const name = (await target.getAttribute('data-service-name')) ?? '';
    expect(name).not.toBe('');
    const href = await target.getAttribute('href');
    expect(href).toMatch(/^\/services\/\d+$/);
    await target.scrollIntoViewIfNeeded();
    await target.click();
    await arriveAt(page, href ?? '', `service detail (${viewport.name})`);
    await expectVisible(page.getByTestId('service-detail'), 'the service detail');
    expect(await h1Text(page)).toBe(name);
    expect(await page.title()).toContain(name);
    expect(await isFocused(page, '#page-title')).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const crumbs = header(page).getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumbs.getByRole('listitem').allTextContents()).map((t) => t.trim())).toEqual([
      'Home',
      'What we can pay for',
      name,
    ]);
    await expectVisible(page.getByTestId('service-excess'), 'the excess note on a starred service');
    expect(await page.getByTestId('service-content').textContent()).toMatch(/\w{10,}/);
    await expectCount(
      page.getByTestId('service-content').locator('script, [style]'),
      0,
      'scripts or inline styles in the content',
    );

    // The section breadcrumb goes back to the list.
    await crumbs.getByRole('link', { name: 'What we can pay for' }).click();
    await arriveAt(page, '/services', `/services again (${viewport.name})`);
  });

  test('an unknown service says so and links back to the list', async () => {
    const { page } = await suite.open(viewport);
    const [claim] = ALEX_CLAIMS;
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: claim.number });
    await visit(page, '/services/999999', `unknown service (${viewport.name})`);
    await expectVisible(page.getByTestId('service-not-found'), 'the not-found message');
    expect(await h1Text(page)).toBe('Service not found');
    await page.getByTestId('service-back').click();
    await arriveAt(page, '/services', `/services from not found (${viewport.name})`);
  });
});

describe.each(VIEWPORTS)('legal pages at $name ($width×$height)', (viewport) => {
  test('/disclaimer (and nh=1), /privacypolicy (and r=1) and /notice, signed out', async () => {
    const { page } = await suite.open(viewport);

    await visit(page, '/disclaimer', `/disclaimer (${viewport.name})`);
    expect(await h1Text(page)).toBe('Terms and conditions');
    const terms = page.getByTestId('legal-terms-content');
    await expectVisible(terms, 'the terms');
    const termsText = (await terms.textContent()) ?? '';
    expect(termsText).toMatch(/16 years/);
    expect(termsText).toMatch(/14 days/);
    expect(termsText).toMatch(/10 days/);
    await expectVisible(header(page).first(), 'the header on /disclaimer');

    await visit(page, '/disclaimer?nh=1', `/disclaimer?nh=1 (${viewport.name})`, '/disclaimer');
    await expectVisible(page.getByTestId('legal-terms-content'), 'the terms with nh=1');
    await expectCount(header(page), 0, 'banner landmarks on /disclaimer?nh=1');
    await expectCount(page.getByRole('contentinfo'), 0, 'footers on /disclaimer?nh=1');
    await expectCount(page.getByRole('heading', { level: 1 }), 1, 'the one h1 with nh=1');

    await visit(page, '/privacypolicy', `/privacypolicy (${viewport.name})`);
    expect(await h1Text(page)).toBe('Privacy policy');
    await expectVisible(page.getByTestId('legal-privacy-content'), 'the privacy policy');
    await expectCount(
      page.getByRole('link', { name: 'Back to registration' }),
      0,
      '"Back to registration" without r=1',
    );

    await visit(page, '/privacypolicy?r=1', `/privacypolicy?r=1 (${viewport.name})`, '/privacypolicy');
    await expectVisible(page.getByTestId('legal-privacy-content'), 'the privacy policy with r=1');
    const back = main(page).getByRole('link', { name: 'Back to registration' });
    await expectCount(back, 2, '"Back to registration" at the top and the bottom');
    const [topBox, contentBox, bottomBox] = await Promise.all([
      back.first().boundingBox(),
      page.getByTestId('legal-privacy').boundingBox(),
      back.last().boundingBox(),
    ]);
    expect(topBox && contentBox && topBox.y < contentBox.y).toBe(true);
    expect(bottomBox && contentBox && bottomBox.y > contentBox.y + contentBox.height - 1).toBe(true);
    await back.last().click();
    await arriveAt(page, '/register', `/register from the privacy policy (${viewport.name})`);

    await visit(page, '/notice', `/notice (${viewport.name})`);
    expect(await h1Text(page)).toBe('Collection notice');
    const notice = page.getByTestId('legal-notice-content');
    await expectVisible(notice, 'the collection notice');
    // A link inside the server's content to another page of the portal stays in the app.
    await notice
      .getByRole('link', { name: /privacy policy/i })
      .first()
      .click();
    await arriveAt(page, '/privacypolicy', `/privacypolicy from the notice (${viewport.name})`);
  });
});

describe.each(VIEWPORTS)('the privacy policy from registration at $name ($width×$height)', (viewport) => {
  test('/register opens /privacypolicy?r=1 in a new tab; "Back to registration" leads back, and the form keeps what was typed', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/register', `/register (${viewport.name})`);
    await page.getByTestId('register-username').fill('jordan.doe@example.com');
    await page.getByTestId('register-first-name').fill('Jordan');

    const link = page.getByTestId('register-privacy-link');
    expect(await link.getAttribute('href')).toBe('/privacypolicy?r=1');
    await link.scrollIntoViewIfNeeded();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await arriveAt(tab, '/privacypolicy', `/privacypolicy?r=1 from /register (${viewport.name})`);
    expect(new URL(tab.url()).search).toBe('?r=1');
    await expectVisible(tab.getByTestId('legal-privacy-content'), 'the privacy policy in the new tab');
    const back = main(tab).getByRole('link', { name: 'Back to registration' });
    await expectCount(back, 2, '"Back to registration" at the top and the bottom');
    await back.first().click();
    await arriveAt(tab, '/register', `/register from the privacy policy tab (${viewport.name})`);
    await expectVisible(tab.getByTestId('register-form'), 'the registration form');
    await tab.close();

    // The form the person was filling in is still there, as typed.
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.getByTestId('register-username').inputValue()).toBe('jordan.doe@example.com');
    expect(await page.getByTestId('register-first-name').inputValue()).toBe('Jordan');
  });
});

describe('links to other websites in content', () => {
  test('a Ctrl-, Shift- or middle-click asks the leave-site question, and nothing opens on No (desktop)', async () => {
    // The seeded content links to no other website: this server gets a collection notice that does.
    await suite.withOwnServer(DESKTOP, async ({ page }, server) => {
      const provider = providerClient(server, ['content:write']);
      const put = await provider.call('PUT', '/content/notice', {
        Html: '<p>Read <a href="https://www.example.org/help">help elsewhere</a>.</p>',
      });
      expect(put.status).toBe(200);
      await visit(page, '/notice', '/notice with a link to another website');
      const link = page.getByTestId('legal-notice-content').getByRole('link', { name: /help elsewhere/ });
      let tabs = 0;
      page.context().on('page', () => {
        tabs += 1;
      });
      const clicks: [string, () => Promise<void>][] = [
        ['Ctrl-click', () => link.click({ modifiers: ['Control'] })],
        ['Shift-click', () => link.click({ modifiers: ['Shift'] })],
        ['middle click', () => link.click({ button: 'middle' })],
      ];
      for (const [how, click] of clicks) {
        await click();
        const question = page
          .getByTestId('confirm-dialog')
          .filter({ hasText: 'You are about to leave the website of' });
        await expectVisible(question, `the leave-site question after a ${how}`);
        await page.waitForTimeout(100); // a person needs more than 50 ms (spec 000 §2)
        await page.getByTestId('confirm-no').click();
        await expectCount(page.getByTestId('confirm-dialog'), 0, `the question answered after a ${how}`);
        expect(tabs, `tabs opened by a ${how}`).toBe(0);
        expect(new URL(page.url()).pathname).toBe('/notice');
      }
    });
  });
});

/** Fills the identity form (claim number in two parts, date of birth) and leaves the date field. */
async function fillIdentity(page: Page, claim: readonly [string, string], dob: string): Promise<void> {
  await page.getByTestId('survey-claim-number-first').fill('');
  await page.getByTestId('survey-claim-number-second').fill('');
  await page.getByTestId('survey-claim-number-first').pressSequentially(claim[0]);
  // Focus moves to the second part after 2 digits (spec 001 §5).
  expect(await isFocused(page, '[data-testid="survey-claim-number-second"]')).toBe(true);
  await page.keyboard.type(claim[1]);
  await page.getByTestId('survey-date-of-birth').fill(dob);
  await page.getByTestId('survey-date-of-birth').press('Tab');
}

/** Jordan (no portal account): validation, 3 wrong dates → help line, then intro No → outro Register. */
async function surveyNoPath(page: Page, viewport: Viewport): Promise<void> {
  await visit(page, '/myneeds', `/myneeds (${viewport.name})`);
  expect(await h1Text(page)).toBe('My self-assessment');
  const submit = page.getByTestId('survey-submit');
  expect(await submit.isDisabled()).toBe(true);

  // Validation messages.
  await page.getByTestId('survey-claim-number-first').pressSequentially('1');
  await page.getByTestId('survey-date-of-birth').fill('01/01/2999');
  await page.getByTestId('survey-date-of-birth').press('Tab');
  await expectVisible(page.getByText('Enter a valid claim number e.g. 12/34567').first(), 'the claim number message');
  await expectVisible(
    page.getByText('Enter a valid Date of Birth').first(),
    'the date of birth message (a future date)',
  );
  expect(await submit.isDisabled()).toBe(true);
  await expectNoSeriousA11yViolations(page, `survey validation messages (${viewport.name})`);

  // A wrong date three times: the details did not match, and the help line after the third.
  await fillIdentity(page, JORDAN.claim, '02/02/1980');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/nid/nidlogin');
    await submit.click();
    expect((await answered).status()).toBe(225);
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="survey-login-error"]')?.textContent === text,
      NOT_MATCHED,
    );
    // The message is focused, so a screen reader reads it and the keyboard starts from it.
    expect(await isFocused(page, '[data-testid="survey-login-error"]')).toBe(true);
    if (attempt < 3) await expectCount(page.getByTestId('survey-help'), 0, `the help line after ${attempt} failure(s)`);
  }
  await expectVisible(page.getByTestId('survey-help'), 'the help line after 3 failures');
  expect(((await page.getByTestId('survey-help').textContent()) ?? '').trim()).toBe(HELP_LINE);
  await expectNoSeriousA11yViolations(page, `survey validation after 3 failures (${viewport.name})`);

  // The right date: Jordan has not accepted the terms yet, so the intro.
  await fillIdentity(page, JORDAN.claim, JORDAN.dob);
  await submit.click();
  await arriveAt(page, '/surveyintro', `/surveyintro (${viewport.name})`);
  const intro = page.getByTestId('survey-intro-content');
  await expectVisible(intro, 'the intro text');
  expect(await intro.textContent()).toMatch(/about 2 minutes/);
  await expectVisible(intro.getByRole('link', { name: /collection notice/i }), 'the link to the collection notice');
  await expectVisible(intro.getByRole('link', { name: /privacy policy/i }), 'the link to the privacy policy');
  await expectVisible(page.getByRole('group', { name: 'Would you like to continue?' }), 'the question');

  await page.getByTestId('survey-intro-no').click();
  await arriveAt(page, '/surveyoutro', `/surveyoutro after No (${viewport.name})`);
  await expectVisible(page.getByTestId('survey-outro-message'), 'the outro message');
  await expectVisible(page.getByTestId('survey-outro-register'), 'Register for a person without an account');
  await expectCount(page.getByTestId('survey-outro-login'), 0, 'Sign in for a person without an account');
  // The outro ended the survey session: the survey pages need the identity check again.
  await visit(page, '/survey', `/survey after the outro (${viewport.name})`, '/surveyvalidation');
}

/** Sam (has an account): intro Yes, answer all, reload keeps them, submit → outro Sign in. */
async function surveyYesPath(page: Page, viewport: Viewport): Promise<void> {
  await visit(page, '/surveyvalidation', `/surveyvalidation (${viewport.name})`);
  await fillIdentity(page, SAM.claim, SAM.dob);
  await page.getByTestId('survey-submit').click();
  await arriveAt(page, '/surveyintro', `/surveyintro for Sam (${viewport.name})`);
  await page.getByTestId('survey-intro-yes').click();
  await arriveAt(page, '/survey', `/survey (${viewport.name})`);

  // Every question has at most 7 answers: a group of radio buttons named by the question.
  const questions = page.getByTestId('survey-question');
  await questions.first().waitFor();
  const count = await questions.count();
  expect(count).toBeGreaterThanOrEqual(8);
  expect(await page.locator('[data-testid="survey-form"] select').count()).toBe(0);
  await expectVisible(
    page.getByRole('group', { name: 'Question 1 of 10 How would you rate your recovery so far?', exact: true }),
    'the first question as a named group (no stray punctuation in its name)',
  );
  // The questions about mood can be left unsaid.
  for (const mood of [/worried or anxious/, /down or low/]) {
    await expectVisible(
      page.getByRole('group', { name: mood }).getByRole('radio', { name: 'Prefer not to say' }),
      `"Prefer not to say" on the question ${String(mood)}`,
    );
  }
  const submit = page.getByTestId('survey-submit-answers');
  expect(await submit.isDisabled()).toBe(true);

  const chosen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const radio = questions
      .nth(i)
      .getByRole('radio')
      .nth(1 + (i % 2));
    await radio.check();
    chosen.push((await radio.getAttribute('value')) ?? '');
    if (i < count - 1) expect(await submit.isDisabled()).toBe(true);
  }
  // Each answer is saved as soon as it is chosen ("Saved" in a polite status).
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid^="survey-status-"]').length === n &&
      Array.from(document.querySelectorAll('[data-testid^="survey-status-"]')).every(
        (el) => el.textContent === 'Saved',
      ),
    count,
  );
  expect(await page.locator('[data-testid^="survey-status-"][role="status"]').count()).toBe(count);
  expect(await submit.isDisabled()).toBe(false);
  await expectNoSeriousA11yViolations(page, `survey answered (${viewport.name})`);

  // A reload (a returning person) shows the saved answers.
  await page.reload();
  await arriveAt(page, '/survey', `/survey after a reload (${viewport.name})`);
  await questions.first().waitFor();
  const checked = page.locator('[data-testid="survey-form"] input[type="radio"]:checked');
  expect(await checked.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(chosen);

  await page.getByTestId('survey-submit-answers').click();
  await arriveAt(page, '/surveyoutro', `/surveyoutro after submit (${viewport.name})`);
  await expectVisible(page.getByTestId('survey-outro-login'), 'Sign in for a registered person');
  await expectCount(page.getByTestId('survey-outro-register'), 0, 'Register for a registered person');
  await page.getByTestId('survey-outro-login').click();
}

describe('self-assessment survey', () => {
  test.each(VIEWPORTS.map((v) => [v.name, v] as const))(
    'validation, the help line after 3 failures, and the intro No path → outro with Register (%s)',
    async (_name, viewport) => {
      await suite.withOwnServer(viewport, async ({ page }) => {
        await surveyNoPath(page, viewport);
      });
    },
  );

  test('the Yes path: answers kept after a reload, submit → outro with Sign in (signed out, phone)', async () => {
    const { page } = await suite.open(VIEWPORTS[1] ?? DESKTOP);
    await surveyYesPath(page, VIEWPORTS[1] ?? DESKTOP);
    await arriveAt(page, '/login', 'sign in after the survey');
  });

  test('the Yes path works beside a signed-in claimant and leaves the claimant signed in (desktop)', async () => {
    const { page } = await suite.open(DESKTOP);
    const token = await seedSession(page, suite.baseURL, DEMO.alex);
    await surveyYesPath(page, DESKTOP);
    // Sign in goes to /login, whose guard sends a signed-in claimant to My Claims.
    await arriveAt(page, '/claims', 'My Claims after the survey (signed in)');
    expect((await storedUser(page))?.token).toBe(token);
  });
});
